// Reading a request body within a byte limit, and turning it into a RunAgentInput or the JSON error that says why not.

import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { RunAgentInput } from '@ag-ui/core';
import { jsonError } from './json-response.js';

type BodyRead =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'unreadable'; readonly message: string };

/** A body read within the limit, or the error reply (413 over the limit, 400 unreadable). */
export type BoundedBody =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly response: Response };

/** Reads the body within `limit` bytes; over the limit answers 413 before anything else happens. */
export async function readBody(request: Request, limit: number): Promise<BoundedBody> {
  const body = await readBoundedBody(request, limit);
  if (body.kind === 'too-large') {
    return {
      ok: false,
      response: jsonError(
        413,
        `The request body is larger than ${limit} bytes (${formatKiB(limit)}); start a new thread or send less history.`,
      ),
    };
  }
  if (body.kind === 'unreadable') return { ok: false, response: jsonError(400, body.message) };
  return { ok: true, bytes: body.bytes };
}

/** The body as JSON (any value), or a 400 for bytes that are not UTF-8 JSON. */
export function parseJson(
  bytes: Uint8Array,
):
  | { readonly ok: true; readonly json: unknown }
  | { readonly ok: false; readonly response: Response } {
  try {
    return { ok: true, json: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch (error) {
    return {
      ok: false,
      response: jsonError(400, `Malformed JSON in the request body: ${messageOf(error)}`),
    };
  }
}

/** Reads and validates a RunAgentInput body: 413, 400 (malformed JSON, not a RunAgentInput) or the input. */
export async function readRunInput(
  request: Request,
  limit: number,
): Promise<
  | { readonly ok: true; readonly input: RunAgentInput }
  | { readonly ok: false; readonly response: Response }
> {
  const body = await readBody(request, limit);
  if (!body.ok) return body;
  const parsed = parseJson(body.bytes);
  if (!parsed.ok) return parsed;
  const result = RunAgentInputSchema.safeParse(parsed.json);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
      .join('; ');
    return {
      ok: false,
      response: jsonError(400, `The body is not a RunAgentInput: ${issues}`),
    };
  }
  return { ok: true, input: result.data };
}

/** Reads at most `limit` bytes, whatever Content-Length says; one byte more cancels the body. */
async function readBoundedBody(request: Request, limit: number): Promise<BodyRead> {
  if (!request.body) return { kind: 'ok', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel('Request body too large').catch(() => undefined);
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (error) {
    return {
      kind: 'unreadable',
      message: `The request body could not be read: ${messageOf(error)}`,
    };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'ok', bytes };
}

function formatKiB(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
