// The elements' npm entry must import on a server (Node, no DOM) without throwing, and `define` must do nothing there.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('the elements entry imports on a server without a DOM, and define() does nothing there', async () => {
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  const entry = await import('../../components/index.js');
  assert.equal(typeof entry.AgentRun, 'function');
  assert.equal(typeof entry.RunStartEvent, 'function');
  assert.doesNotThrow(() => entry.define());
  assert.equal(entry.tagName('run-controls'), 'run-controls');
  const event = new entry.RunEndEvent({ run: 1, status: 'Completed', cause: null, failure: null });
  assert.equal(event.type, 'run-end');
  assert.equal(event.bubbles, true);
});
