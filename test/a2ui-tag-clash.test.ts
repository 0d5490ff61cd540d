// A page that already defines a tag the A2UI renderer registers: the turn says so in words, and nothing throws into
// the page (the renderer's import would throw on its customElements.define).
import { expect } from '@open-wc/testing';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import '../components/define.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started } from './support/agents.js';
import { chatFor, settle } from './support/chat.js';
import { until } from './support/elements.js';

customElements.define('a2ui-surface', class extends HTMLElement {});

describe('A2UI with a tag the page already defined', function () {
  this.timeout(60_000);

  it('names the tag in the turn and loads no renderer', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    const agent = manualAgent();
    const store = new RunStore({ agent });
    const chat = await chatFor(store);
    store.send('Show me a form');
    await until(() => agent.runs.length === 1, 45_000);
    const input = agent.inputs[0] as RunAgentInput;
    agent.emit(started(input));
    agent.emit({
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'a2ui-surface-c1',
      activityType: 'a2ui-surface',
      replace: true,
      content: {
        a2ui_operations: [
          {
            version: 'v0.9',
            createSurface: {
              surfaceId: 's',
              catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json',
            },
          },
        ],
      },
    } as BaseEvent);
    agent.emit(finished(input));
    await settle(chat);
    await settle(chat);
    expect(chat.shadowRoot!.querySelector('.a2ui')?.textContent).to.contain(
      'the page already defines <a2ui-surface>, which the A2UI renderer needs',
    );
    expect(
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/components/a2ui/')),
    ).to.equal(false);
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
  });
});
