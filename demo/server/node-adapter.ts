// Serves a Web-standard handler from Node's `http` server: the request body as a byte stream, and a client
// disconnect mapped to both an abort of the request signal and a cancellation of the response body.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from './agent-handler.js';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Request headers that describe one hop of the connection, not the request. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

/** Adapts a `(Request) => Promise<Response>` handler to `http.createServer` (and Connect, as Vite uses). */
export function toNodeListener(handler: RequestHandler): NodeListener {
  return (req, res) => {
    serve(handler, req, res).catch(() => {
      // A failure after the reply began cannot be reported in it; release the socket instead.
      if (!res.destroyed) res.destroy();
    });
  };
}

/** `AGUI_FIXTURE_TIME_SCALE` from the environment (undefined when unset); only the Node server reads it. */
export function timeScaleFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.AGUI_FIXTURE_TIME_SCALE;
  if (raw === undefined || raw.trim() === '') return undefined;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 0) {
    throw new RangeError(
      `AGUI_FIXTURE_TIME_SCALE must be a number >= 0 (got ${JSON.stringify(raw)}).`,
    );
  }
  return scale;
}

async function serve(
  handler: RequestHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const disconnect = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined = undefined;
  let ended = false;
  res.on('close', () => {
    if (ended) return;
    // The client went away before the reply ended: abort the request and cancel the reply's body, together.
    disconnect.abort(new Error('The client disconnected.'));
    reader?.cancel('The client disconnected.').catch(() => undefined);
  });

  let request: Request;
  try {
    request = toWebRequest(req, disconnect.signal);
  } catch (error) {
    ended = true;
    sendJson(
      res,
      400,
      `The request could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  let response: Response;
  try {
    response = await handler(request);
  } catch (error) {
    if (!res.headersSent && !res.destroyed) {
      ended = true;
      sendJson(
        res,
        500,
        `The fixture server failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return;
  }
  if (disconnect.signal.aborted || res.destroyed) {
    await response.body?.cancel('The client disconnected.').catch(() => undefined);
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A reply sent before the request body was read to its end (a 413) closes the connection, so the unread rest of
  // the body is never parsed as a next request.
  if (!req.complete) headers.connection = 'close';
  res.writeHead(response.status, headers);
  if (!response.body) {
    ended = true;
    res.end();
    return;
  }
  reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
    }
    ended = true;
    res.end();
  } catch {
    // The body failed or was cancelled because the client left; the socket is released either way.
    if (!res.destroyed) res.destroy();
  }
}

function toWebRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal,
    ...(hasBody ? { body: requestBody(req), duplex: 'half' } : {}),
  };
  return new Request(url, init);
}

/**
 * The request body as a pull stream over the socket. Cancelling it (the handler saw enough) stops delivering bytes
 * but keeps the socket open so the reply can still be written; the rest of the body is discarded.
 */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.on('close', () => {
          if (settled) return;
          settled = true;
          controller.error(
            new Error('The client closed the connection before the request body ended.'),
          );
        });
        req.on('error', (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        req.removeAllListeners('data');
        req.resume();
      },
    },
    { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** Resolves when the socket drains or closes (a closed socket never drains). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function sendJson(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache',
  });
  res.end(body);
}
