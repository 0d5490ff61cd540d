import { expect } from '@open-wc/testing';
import type { RunAgentInput } from '@ag-ui/core';
import { RunStore } from '../src/store/run-store.js';
import type { ToolDefinition } from '../src/store/types.js';
import {
  finished,
  scriptedAgent,
  started,
  toolCall,
  waitForState,
  waitForStatus,
} from './support/agents.js';

/** The content of the tool message the second run sends for call `t1`. */
function toolMessageOf(input: RunAgentInput | undefined): string | undefined {
  const message = input?.messages.find(
    (item) => item.role === 'tool' && (item as { toolCallId?: string }).toolCallId === 't1',
  );
  return message ? String(message.content) : undefined;
}

/** Runs one call of a tool that needs consent, answers it, and returns what went back to the agent. */
async function consentRound(
  tool: Omit<ToolDefinition, 'name' | 'description' | 'needsApproval'>,
  answer: (store: RunStore) => void,
): Promise<{ content: string | undefined; handlerRuns: number }> {
  let handlerRuns = 0;
  const agent = scriptedAgent((input, index) =>
    index === 0
      ? [
          started(input),
          ...toolCall('t1', 'delete_file', { path: '/tmp/x' }, 'a1'),
          finished(input),
        ]
      : [started(input), finished(input)],
  );
  const store = new RunStore({ agent });
  const handler = tool.handler;
  store.registerTool({
    ...tool,
    name: 'delete_file',
    description: 'Delete a file',
    needsApproval: true,
    ...(handler
      ? {
          handler: (args: unknown, context: Parameters<typeof handler>[1]) => {
            handlerRuns += 1;
            return handler(args, context);
          },
        }
      : {}),
  });
  store.send('Delete it');
  await waitForStatus(store, 'Needs approval');
  answer(store);
  await waitForState(store, (state) => state.run.number === 2 && state.run.status === 'Completed');
  const content = toolMessageOf(agent.inputs[1]);
  store.dispose();
  return { content, handlerRuns };
}

/** The README, as the test server serves the project root. */
async function expectDocumented(content: string | undefined): Promise<void> {
  const readme = await (await fetch('/README.md')).text();
  expect(readme.includes(`\`${content}\``), `the README shows \`${content}\``).to.equal(true);
}

describe('the tool message of a tool that needs consent, exactly as the README documents it', () => {
  it('approve: the handler runs and its result goes back with the approval and the comment', async () => {
    const { content, handlerRuns } = await consentRound(
      { handler: () => ({ deleted: 1 }) },
      (store) => store.approve('t1', { comment: 'go ahead' }),
    );
    expect(handlerRuns).to.equal(1);
    expect(content).to.equal('{"approved":true,"comment":"go ahead","result":{"deleted":1}}');
    await expectDocumented(content);
  });

  it('approve without a comment: a string result stays a JSON string inside the message', async () => {
    const { content } = await consentRound({ handler: () => 'deleted' }, (store) =>
      store.approve('t1'),
    );
    expect(content).to.equal('{"approved":true,"result":"deleted"}');
    await expectDocumented(content);
  });

  it('approve, and the handler throws: the error goes back instead of a result', async () => {
    const { content } = await consentRound(
      {
        handler: () => {
          throw new Error('disk is read-only');
        },
      },
      (store) => store.approve('t1'),
    );
    expect(content).to.equal('{"approved":true,"error":"disk is read-only"}');
    await expectDocumented(content);
  });

  it('approve: a handler that returns nothing sends the approval alone, a tool without one a null result', async () => {
    const nothing = await consentRound({ handler: () => undefined }, (store) =>
      store.approve('t1'),
    );
    expect(nothing.content).to.equal('{"approved":true}');
    await expectDocumented(nothing.content);
    const noHandler = await consentRound({}, (store) => store.approve('t1'));
    expect(noHandler.content).to.equal('{"approved":true,"result":null}');
    await expectDocumented(noHandler.content);
  });

  it('resultAlone: approve sends the handler result by itself, deny still the approval', async () => {
    const approved = await consentRound(
      { handler: () => ({ deleted: 1 }), resultAlone: true },
      (store) => store.approve('t1', { comment: 'go ahead' }),
    );
    expect(approved.content).to.equal('{"deleted":1}');
    await expectDocumented(approved.content);
    const text = await consentRound({ handler: () => 'deleted', resultAlone: true }, (store) =>
      store.approve('t1'),
    );
    expect(text.content).to.equal('deleted');
    const denied = await consentRound({ handler: () => 'deleted', resultAlone: true }, (store) =>
      store.deny('t1'),
    );
    expect(denied.content).to.equal('{"approved":false}');
  });

  it('deny without a comment: the approval alone', async () => {
    const { content } = await consentRound({ handler: () => 'deleted' }, (store) =>
      store.deny('t1'),
    );
    expect(content).to.equal('{"approved":false}');
    await expectDocumented(content);
  });

  it('deny: the handler never runs, and the message carries the comment', async () => {
    const { content, handlerRuns } = await consentRound({ handler: () => 'deleted' }, (store) =>
      store.deny('t1', { comment: 'not this one' }),
    );
    expect(handlerRuns).to.equal(0);
    expect(content).to.equal('{"approved":false,"comment":"not this one"}');
    await expectDocumented(content);
  });

  it('a new message while consent is pending answers the call as cancelled', async () => {
    let handlerRuns = 0;
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            ...toolCall('t1', 'delete_file', { path: '/tmp/x' }, 'a1'),
            finished(input),
          ]
        : [started(input), finished(input)],
    );
    const store = new RunStore({ agent });
    store.registerTool({
      name: 'delete_file',
      description: 'Delete a file',
      needsApproval: true,
      handler: () => {
        handlerRuns += 1;
        return 'deleted';
      },
    });
    store.send('Delete it');
    await waitForStatus(store, 'Needs approval');
    store.send('Never mind');
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    const content = toolMessageOf(agent.inputs[1]);
    store.dispose();
    expect(handlerRuns).to.equal(0);
    expect(content).to.equal('{"approved":false,"cancelled":true}');
    await expectDocumented(content);
  });
});
