// The fixture's speech-to-text over real HTTP (`POST /api/transcribe`): the prepared question for any audio, and its
// bounds (2 MiB, 413 past it whatever Content-Length says; audio types only; not empty; POST only).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_TRANSCRIBE_BYTES,
  PREPARED_TRANSCRIPT,
  createTranscribeHandler,
} from '../../demo/server/index.js';
import { fakeMicrophoneWav } from '../../scripts/fake-microphone.mjs';
import { startFixtureServer } from './fixture-server.js';
import type { FixtureServer } from './fixture-server.js';

describe('POST /api/transcribe', () => {
  let server: FixtureServer;
  before(async () => {
    server = await startFixtureServer({ timeScale: 0 });
  });
  after(async () => {
    await server.close();
  });

  it('answers the transcript of the demo’s prepared question, with the language asked for', async () => {
    const response = await fetch(`${server.url}/api/transcribe?lang=en-GB`, {
      method: 'POST',
      headers: { 'content-type': 'audio/webm;codecs=opus' },
      body: new Uint8Array(fakeMicrophoneWav(0.5)),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { text: string; lang: string; bytes: number };
    assert.equal(body.text, PREPARED_TRANSCRIPT);
    assert.equal(body.text, 'Why is API latency up?');
    assert.equal(body.lang, 'en-GB');
    assert.ok(body.bytes > 1000);
  });

  it('refuses a body past 2 MiB with 413', async () => {
    const response = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav' },
      body: new Uint8Array(MAX_TRANSCRIBE_BYTES + 1),
    });
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { error: string }).error, /at most 2097152 bytes/);
  });

  it('takes exactly 2 MiB', async () => {
    const response = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav' },
      body: new Uint8Array(MAX_TRANSCRIBE_BYTES),
    });
    assert.equal(response.status, 200);
  });

  it('refuses other types, an empty body and other methods', async () => {
    const text = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    assert.equal(text.status, 415);
    const empty = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { 'content-type': 'audio/webm' },
      body: new Uint8Array(0),
    });
    assert.equal(empty.status, 400);
    const get = await fetch(`${server.url}/api/transcribe`);
    assert.equal(get.status, 405);
  });
});

describe('createTranscribeHandler', () => {
  it('reads no more than its bound when Content-Length understates the body', async () => {
    const handler = createTranscribeHandler(16);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 4; index += 1) controller.enqueue(new Uint8Array(8));
        controller.close();
      },
    });
    const response = await handler(
      new Request('http://fixture.test/api/transcribe', {
        method: 'POST',
        headers: { 'content-type': 'audio/webm', 'content-length': '8' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    assert.equal(response.status, 413);
  });
});
