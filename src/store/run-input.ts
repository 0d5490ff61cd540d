// What a run sends: the RunAgentInput built from the state (resume answers, legacy command, declared tools) and the
// conversation converted to AG-UI messages. Pure functions of the state; loaded with the event pipeline (the store
// builds a run's input from the state it captured when the run was requested).
import type { Context, Message as AguiMessage, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import { userContent } from './attachment-parts.js';
import { declaredTools } from './declared-tools.js';
import { serverIdOf } from './ids.js';
import type {
  ApprovalAnswer,
  ChatMessage,
  RunStoreState,
  ToolCallPart,
  ToolDefinition,
} from './types.js';

/** What a run adds to the state: its kind's scenario and forwarded props, and what the store sends along. */
export interface RunInputOptions {
  readonly runId: string;
  readonly scenario?: string | null;
  readonly forwardedProps?: Readonly<Record<string, unknown>>;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly context?: readonly Context[];
  /** Send the current agent state (then a delta may patch what was sent). */
  readonly sendState?: boolean;
}

/** The input of the next run: answered interrupts as `resume`, a legacy answer as `forwardedProps.command`. */
export function buildRunInput(state: RunStoreState, options: RunInputOptions): RunAgentInput {
  const forwardedProps: Record<string, unknown> = { ...options.forwardedProps };
  if (options.scenario) forwardedProps.scenario = options.scenario;
  const answered = state.approvals.filter((approval) => approval.answer !== null);
  const resume: ResumeEntry[] = answered
    .filter((approval) => approval.kind === 'interrupt')
    .map((approval) => {
      const answer = approval.answer as ApprovalAnswer;
      if (answer.cancelled) return { interruptId: approval.id, status: 'cancelled' as const };
      return {
        interruptId: approval.id,
        status: 'resolved' as const,
        payload: {
          approved: answer.approved,
          ...(answer.comment ? { comment: answer.comment } : {}),
        },
      };
    });
  const legacy = answered.filter((approval) => approval.kind === 'legacy').pop();
  if (legacy?.answer) {
    forwardedProps.command = {
      resume: {
        approved: legacy.answer.approved,
        ...(legacy.answer.comment ? { comment: legacy.answer.comment } : {}),
        ...(legacy.answer.cancelled ? { cancelled: true } : {}),
      },
    };
  }
  const input: RunAgentInput = {
    threadId: state.threadId,
    runId: options.runId,
    messages: toAguiMessages(state, options.tools),
    tools: declaredTools(options.tools),
    context: [...(options.context ?? [])],
    forwardedProps,
    ...(resume.length > 0 ? { resume } : {}),
    ...(options.sendState ? { state: state.agentState.value } : {}),
  };
  return input;
}
/** The conversation as AG-UI messages: text, tool calls and their answers; view state never enters. */
export function toAguiMessages(
  state: RunStoreState,
  tools: ReadonlyMap<string, ToolDefinition>,
): AguiMessage[] {
  const messages: AguiMessage[] = [];
  appendMessages(messages, state.messages, tools);
  return messages;
}

/** Appends a list of messages; a subagent's own messages follow the message that holds its block, attributed. */
function appendMessages(
  out: AguiMessage[],
  list: readonly ChatMessage[],
  tools: ReadonlyMap<string, ToolDefinition>,
  subagentRunId?: string,
): void {
  const messages = {
    push: (message: AguiMessage) =>
      out.push(subagentRunId ? { ...message, subagentRunId } : message),
  };
  for (const message of list) {
    const text = message.parts
      .map((part) => (part.kind === 'text' || part.kind === 'reasoning' ? part.text : ''))
      .join('');
    switch (message.role) {
      case 'user':
        messages.push({
          id: serverIdOf(message),
          role: 'user',
          content: userContent(message.parts, text),
        });
        break;
      case 'system':
      case 'developer':
        messages.push({ id: serverIdOf(message), role: message.role, content: text });
        break;
      case 'reasoning':
        messages.push({ id: serverIdOf(message), role: 'reasoning', content: text });
        break;
      case 'activity':
        break;
      case 'assistant': {
        const calls = message.parts.filter(
          (part): part is ToolCallPart => part.kind === 'tool-call' && part.status !== 'streaming',
        );
        // A subagent's own messages follow the holder and its tool results.
        const lanes = () => {
          for (const part of message.parts) {
            if (part.kind === 'subagent') appendMessages(out, part.messages, tools, part.id);
          }
        };
        if (!text && calls.length === 0) {
          lanes();
          break;
        }
        // The wire carries the server's ids: a server that reused one knows the message by it.
        messages.push({
          id: serverIdOf(message),
          role: 'assistant',
          ...(text ? { content: text } : {}),
          ...(calls.length > 0
            ? {
                toolCalls: calls.map((part) => ({
                  id: serverIdOf(part),
                  type: 'function' as const,
                  function: { name: part.name, arguments: part.argsText || '{}' },
                })),
              }
            : {}),
        });
        for (const part of calls) {
          if (part.result !== undefined) {
            messages.push({
              id: part.resultMessageId ?? `result-${serverIdOf(part)}`,
              role: 'tool',
              toolCallId: serverIdOf(part),
              content: part.result,
              ...(part.error ? { error: part.error } : {}),
            });
          } else if (tools.has(part.name)) {
            // Every call of a tool this client declared is answered, even one the run left behind.
            messages.push({
              id: `result-${serverIdOf(part)}`,
              role: 'tool',
              toolCallId: serverIdOf(part),
              content: JSON.stringify({ cancelled: true }),
              error: 'The run ended before this call was answered.',
            });
          }
        }
        lanes();
        break;
      }
      default: {
        const unknownRole: never = message.role;
        void unknownRole;
      }
    }
  }
}
