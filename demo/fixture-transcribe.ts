// The demo's `.transcribe`: posts the recording (in memory, never saved) to the fixture's `POST /api/transcribe` and
// answers its words; the chat's signal aborts the request.
import type { Transcribe } from '../src/voice/types.js';

/** A `.transcribe` that posts to `url` (default `/api/transcribe`). */
export function fixtureTranscribe(url = '/api/transcribe'): Transcribe {
  return async (audio, { signal, lang, mimeType }) => {
    const target = new URL(url, location.href);
    target.searchParams.set('lang', lang);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': mimeType || 'audio/webm' },
      body: audio,
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as { text?: unknown; error?: unknown };
    if (!response.ok || typeof body.text !== 'string') {
      throw new Error(`HTTP ${response.status}: ${String(body.error ?? response.statusText)}`);
    }
    return body.text;
  };
}
