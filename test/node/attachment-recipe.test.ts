// The chat recipe's answer to files: it names what it received and says it cannot look inside them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RunAgentInput } from '@ag-ui/core';
import { fixtureScript, routeFixture } from '../../src/fixtures/index.js';

const input: RunAgentInput = {
  threadId: 'thread-files',
  runId: 'run-files',
  tools: [],
  context: [],
  forwardedProps: {},
  messages: [
    {
      id: 'u-1',
      role: 'user',
      content: [
        { type: 'text', text: 'Why is API latency up?' },
        {
          type: 'image',
          source: { type: 'data', value: 'aGVsbG8gd29ybGQ=', mimeType: 'image/png' },
          metadata: { filename: 'graph.png' },
        },
        {
          type: 'document',
          source: {
            type: 'url',
            value: 'http://127.0.0.1/api/uploads/x',
            mimeType: 'application/pdf',
          },
          metadata: { filename: 'runbook.pdf' },
        },
      ],
    },
  ],
};

function answerText(script: ReturnType<typeof fixtureScript>): string {
  return script
    .map((timed) => timed.event as { type: string; delta?: string })
    .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');
}

describe('chat recipe with attachments', () => {
  it('routes a message with files to the answer that names them, whatever its text', () => {
    const route = routeFixture(input);
    assert.equal(route.kind, 'chat');
    assert.deepEqual(route.kind === 'chat' ? route.files : undefined, [
      { name: 'graph.png', type: 'image/png', size: 11, source: 'data' },
      { name: 'runbook.pdf', type: 'application/pdf', size: null, source: 'url' },
    ]);
  });

  it('names each file, its type and size, and says the recipe cannot look inside them', () => {
    const script = fixtureScript(input);
    const text = answerText(script);
    assert.match(text, /I received 2 files:/);
    assert.match(text, /\*\*graph\.png\*\* \(image\/png, 11 B, sent inline\)/);
    assert.match(text, /\*\*runbook\.pdf\*\* \(application\/pdf, size unknown: sent as a link/);
    assert.match(text, /cannot look inside files/);
    const types = script.map((timed) => timed.event.type);
    assert.equal(types[0], 'RUN_STARTED');
    assert.equal(types[types.length - 1], 'RUN_FINISHED');
  });
});
