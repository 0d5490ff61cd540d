import { expect, fixture, html } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, scriptedAgent, started, untilRuns, waitForState } from './support/agents.js';
import { renderedUntil, settle, textDelta, textEnd, textStart } from './support/chat.js';
import { allInShadow } from './support/elements.js';

const inLane = (subagentRunId: string, event: BaseEvent) =>
  ({ ...event, subagentRunId }) as BaseEvent;
const sub = (type: string, subagentRunId: string, extra: Record<string, unknown> = {}) =>
  ({ type, subagentRunId, ...extra }) as BaseEvent;

async function chatFor(store: RunStore): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat .store=${store}></agent-chat>`);
  await settle(el);
  return el;
}

function answer(input: RunAgentInput, id: string, text: string): BaseEvent[] {
  return [started(input), textStart(id), textDelta(id, text), textEnd(id), finished(input)];
}

describe('Subagents: frontend tools called inside a lane', () => {
  it("runs the tool, shows it in the subagent's block, and sends its result with the follow-up run", async () => {
    const agent = scriptedAgent((input, index) =>
      index === 0
        ? [
            started(input),
            sub('SUBAGENT_STARTED', 's-r', { name: 'researcher' }),
            inLane('s-r', {
              type: 'TOOL_CALL_START',
              toolCallId: 'c-1',
              toolCallName: 'lookup_account',
              parentMessageId: 'r-1',
            } as BaseEvent),
            inLane('s-r', {
              type: 'TOOL_CALL_ARGS',
              toolCallId: 'c-1',
              delta: '{"id":7}',
            } as BaseEvent),
            inLane('s-r', { type: 'TOOL_CALL_END', toolCallId: 'c-1' } as BaseEvent),
            sub('SUBAGENT_FINISHED', 's-r'),
            finished(input),
          ]
        : answer(input, 'p-2', 'The account is on the pro plan.'),
    );
    const store = new RunStore({ agent, threadId: 'thread-lane-tool' });
    const calls: unknown[] = [];
    store.registerTool({
      name: 'lookup_account',
      description: 'Looks an account up in the page.',
      parameters: { type: 'object', properties: { id: { type: 'number' } } },
      handler: (args) => {
        calls.push(args);
        return { plan: 'pro' };
      },
    });
    const el = await chatFor(store);
    store.send('Check account 7');
    await untilRuns(agent, 2);
    await waitForState(
      store,
      (state) => state.run.number === 2 && state.run.status === 'Completed',
    );
    expect(calls).to.deep.equal([{ id: 7 }]);
    const follow = agent.inputs[1] as RunAgentInput;
    expect(follow.messages.find((message) => message.role === 'tool')).to.deep.include({
      role: 'tool',
      toolCallId: 'c-1',
      content: '{"plan":"pro"}',
      subagentRunId: 's-r',
    });
    const asked = follow.messages.find((message) => message.id === 'r-1') as {
      toolCalls?: { id: string }[];
    };
    expect(asked.toolCalls?.map((call) => call.id)).to.deep.equal(['c-1']);
    // Shown in the researcher's block, done, with its result.
    await renderedUntil(
      el,
      () => allInShadow(el, '[part~="subagent"] [part~="tool-call"]').length > 0,
    );
    const [tool] = allInShadow<HTMLDetailsElement>(el, '[part~="subagent"] [part~="tool-call"]');
    const holder = tool?.closest('[part~="subagent"]');
    expect(holder?.querySelector('.subagent-name')?.textContent).to.equal('researcher');
    expect(tool?.dataset.status).to.equal('done');
    expect(tool?.querySelector('[data-field="result"]')?.textContent).to.contain('"pro"');
  });
});
