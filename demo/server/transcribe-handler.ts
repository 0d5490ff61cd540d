// `POST /api/transcribe`: the fixture's speech-to-text for the demo's `.transcribe`. It does not listen: any audio
// answers the transcript of the demo's prepared question, so the whole path (record, post, words in the draft) runs
// offline. The body is read with a 2 MiB bound whatever Content-Length says, and dropped once answered.

import type { RequestHandler } from './agent-handler.js';
import { jsonError, jsonResponse } from './json-response.js';
import { readAtMost } from './upload-handler.js';

/** Where recordings are posted. */
export const TRANSCRIBE_PATH = '/api/transcribe';
/** 2 MiB: the largest recording the fixture reads (about two minutes of Opus speech). */
export const MAX_TRANSCRIBE_BYTES = 2 * 1024 * 1024;
/** What every recording "says": the demo's prepared question. */
export const PREPARED_TRANSCRIPT = 'Why is API latency up?';

/**
 * `POST /api/transcribe` with the recording as the body and its `audio/*` type as `content-type` (the `lang` query
 * parameter is echoed): 200 `{ text, lang, bytes }`; 413 past 2 MiB, 415 for a type that is not audio, 400 for an
 * empty body, 405 for another method.
 */
export function createTranscribeHandler(maxBytes = MAX_TRANSCRIBE_BYTES): RequestHandler {
  return async (request) => {
    if (request.method !== 'POST') {
      return jsonError(405, `Method ${request.method} is not allowed here: use POST.`, {
        allow: 'POST',
      });
    }
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type.startsWith('audio/')) {
      return jsonError(415, `Send the recording as audio/* (got ${type || 'no type'}).`);
    }
    const tooLarge = `A recording may be at most ${maxBytes} bytes.`;
    if (Number(request.headers.get('content-length') ?? '0') > maxBytes) {
      return jsonError(413, tooLarge);
    }
    const bytes = await readAtMost(request, maxBytes);
    if (bytes === null) return jsonError(413, tooLarge);
    if (bytes.byteLength === 0) return jsonError(400, 'The recording is empty.');
    const lang = new URL(request.url).searchParams.get('lang')?.slice(0, 35) ?? '';
    return jsonResponse(200, { text: PREPARED_TRANSCRIPT, lang, bytes: bytes.byteLength });
  };
}
