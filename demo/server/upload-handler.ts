// `POST /api/uploads`: the fixture's file store for `.uploadAttachment` — at most 10 MiB a file, content-type
// checked, kept in memory under a total bound and a time limit, and served back from the URL it answers.

import type { RequestHandler } from './agent-handler.js';
import { jsonError, jsonResponse } from './json-response.js';

/** Where uploads are posted; each one is served back at `/api/uploads/<id>`. */
export const UPLOAD_PATH = '/api/uploads';
/** 10 MiB: the largest file the fixture keeps. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The types the fixture keeps (what `<agent-chat>` accepts by default, plus plain text). */
export const UPLOAD_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
];

export interface UploadHandlerOptions {
  /** Largest file in bytes (default 10 MiB). */
  readonly maxBytes?: number;
  /** All kept files together (default 64 MiB): the oldest go first when a new one needs room. */
  readonly maxTotalBytes?: number;
  /** How many files are kept at most (default 100). */
  readonly maxFiles?: number;
  /** How long a file is kept, in milliseconds (default 10 minutes). */
  readonly ttlMs?: number;
  readonly now?: () => number;
}

interface StoredUpload {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly type: string;
  readonly at: number;
}

const ID = /^[a-f0-9]{32}$/;

function randomHex(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Reads at most `limit` bytes whatever Content-Length says; null when the body is larger. */
export async function readAtMost(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel('Upload too large').catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * `POST /api/uploads` with the file as the body and its type as `content-type`: 201 `{ url, size, mimeType }`; 413
 * over the size limit, 415 for another type, 400 for an empty body. `GET /api/uploads/<id>`: the bytes with their
 * type (`nosniff`, a sandboxing CSP), or 404 once the file expired or was evicted. Other methods: 405.
 */
export function createUploadHandler(options: UploadHandlerOptions = {}): RequestHandler {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const maxFiles = options.maxFiles ?? 100;
  const ttlMs = options.ttlMs ?? 10 * 60 * 1000;
  const now = options.now ?? (() => Date.now());
  const files = new Map<string, StoredUpload>();
  let totalBytes = 0;

  const drop = (id: string) => {
    const file = files.get(id);
    if (!file) return;
    files.delete(id);
    totalBytes -= file.bytes.byteLength;
  };
  const expire = () => {
    // A Map iterates in insertion order: the oldest first.
    for (const [id, file] of files) {
      if (now() - file.at < ttlMs) break;
      drop(id);
    }
  };

  return async (request) => {
    const { pathname, origin } = new URL(request.url);
    expire();
    if (pathname === UPLOAD_PATH) {
      if (request.method !== 'POST') {
        return jsonError(405, `Method ${request.method} is not allowed here: use POST.`, {
          allow: 'POST',
        });
      }
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!UPLOAD_TYPES.includes(type)) {
        return jsonError(
          415,
          `Files of type ${type || '(none)'} are not kept here: send one of ${UPLOAD_TYPES.join(', ')}.`,
        );
      }
      const declared = Number(request.headers.get('content-length') ?? '0');
      const tooLarge = `A file may be at most ${maxBytes} bytes.`;
      if (declared > maxBytes) return jsonError(413, tooLarge);
      const bytes = await readAtMost(request, maxBytes);
      if (bytes === null) return jsonError(413, tooLarge);
      if (bytes.byteLength === 0) return jsonError(400, 'The upload is empty.');
      while (
        files.size > 0 &&
        (files.size >= maxFiles || totalBytes + bytes.byteLength > maxTotalBytes)
      ) {
        drop(files.keys().next().value as string);
      }
      const id = randomHex();
      files.set(id, { bytes, type, at: now() });
      totalBytes += bytes.byteLength;
      return jsonResponse(201, {
        url: `${origin}${UPLOAD_PATH}/${id}`,
        size: bytes.byteLength,
        mimeType: type,
      });
    }
    const id = pathname.slice(UPLOAD_PATH.length + 1);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return jsonError(405, `Method ${request.method} is not allowed here: use GET.`, {
        allow: 'GET',
      });
    }
    const file = ID.test(id) ? files.get(id) : undefined;
    if (!file) return jsonError(404, 'No such upload (uploads are kept for a limited time).');
    return new Response(request.method === 'HEAD' ? null : file.bytes, {
      status: 200,
      headers: {
        'content-type': file.type,
        'content-length': String(file.bytes.byteLength),
        'cache-control': 'private, max-age=600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  };
}

/** Whether a path belongs to the upload routes. */
export function isUploadPath(pathname: string): boolean {
  return pathname === UPLOAD_PATH || pathname.startsWith(`${UPLOAD_PATH}/`);
}
