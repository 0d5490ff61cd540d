// A saved thread waiting for answers (a tool's consent and an interrupt), built by hand so that a page can restore
// it before anything has loaded the event pipeline; and what tests read of a run's input.
import type { RunAgentInput } from '@ag-ui/core';
import { createInitialState } from '../../src/store/reducer.js';
import type { Approval, RunStoreState, ToolDefinition } from '../../src/store/types.js';

const toolApproval: Approval = {
  id: 't1',
  kind: 'tool',
  reason: 'tool-approval',
  message: 'Deletes everything',
  toolCallId: 't1',
  toolName: 'delete_all',
  run: 1,
  answer: null,
};
const interruptApproval: Approval = {
  id: 'i-1',
  kind: 'interrupt',
  reason: 'approval',
  message: 'Go on?',
  run: 1,
  answer: null,
};

/** A saved thread whose first run ended waiting for two answers: a tool's consent and an interrupt. */
export function savedThread(threadId: string): RunStoreState {
  const initial = createInitialState(threadId);
  return JSON.parse(
    JSON.stringify({
      ...initial,
      run: {
        status: 'Needs approval',
        number: 1,
        id: 'run-saved',
        kind: 'chat',
        scenario: null,
        cause: null,
        failure: null,
        followUps: 0,
      },
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ kind: 'text', text: 'Clean up' }],
          streaming: false,
          run: 0,
        },
        {
          id: 'a1',
          role: 'assistant',
          run: 1,
          runId: 'run-saved',
          streaming: false,
          parts: [
            {
              kind: 'tool-call',
              id: 't1',
              name: 'delete_all',
              family: 'frontend',
              argsText: '{}',
              args: {},
              status: 'awaiting-approval',
            },
            { kind: 'approval', approval: toolApproval },
            { kind: 'text', text: 'Shall I?' },
            { kind: 'approval', approval: interruptApproval },
          ],
        },
      ],
      approvals: [toolApproval, interruptApproval],
    }),
  ) as RunStoreState;
}

/** The content of the tool message a run's input carries for a call. */
export function toolMessage(
  input: RunAgentInput | undefined,
  toolCallId: string,
): string | undefined {
  const message = input?.messages.find(
    (item) => item.role === 'tool' && (item as { toolCallId?: string }).toolCallId === toolCallId,
  );
  return message ? String(message.content) : undefined;
}

/** The paths of every script the page has fetched. */
export const loadedScripts = () =>
  performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);

/** Registers the tool the saved thread's run called (it needs approval); returns what its handler was given. */
export function registerDeleteAll(store: {
  registerTool(definition: ToolDefinition): () => void;
}): unknown[] {
  const handled: unknown[] = [];
  store.registerTool({
    name: 'delete_all',
    description: 'Deletes everything',
    needsApproval: true,
    handler: (args) => {
      handled.push(args);
      return { deleted: 1 };
    },
  });
  return handled;
}
