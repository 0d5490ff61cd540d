// An AG-UI agent for an HTTP endpoint: POSTs the input, owns the request's AbortSignal and decodes SSE.
import { parseSSEStream } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { Observable, Subject } from 'rxjs';
import type { AgentLike } from '../store/types.js';
import { RunFailureError } from './errors.js';
import { LineEndingNormaliser } from './sse-line-endings.js';

type HeaderRecord = Readonly<Record<string, string>>;

export interface EndpointAgentOptions {
  /** The AG-UI endpoint URL (POST, replies with `text/event-stream`). */
  readonly url: string;
  /** Extra request headers, or a function that returns them (e.g. to refresh a token per run). */
  readonly headers?: HeaderRecord | (() => HeaderRecord | Promise<HeaderRecord>);
  /** `credentials` of the fetch request (default `same-origin`). */
  readonly credentials?: RequestCredentials;
  /** A fetch implementation (default: the global fetch). */
  readonly fetch?: typeof fetch;
}

type HttpEvents = Parameters<typeof parseSSEStream>[0];
type HttpEvent = HttpEvents extends Observable<infer T> ? T : never;

const MAX_REASON_LENGTH = 300;

function messageFromBody(text: string, contentType: string): string {
  const trimmed = text.trim();
  if (contentType.includes('json')) {
    try {
      const body = JSON.parse(trimmed) as unknown;
      if (body && typeof body === 'object') {
        for (const key of ['error', 'message', 'detail'] as const) {
          const value = (body as Record<string, unknown>)[key];
          if (typeof value === 'string' && value) return value;
          if (
            value &&
            typeof value === 'object' &&
            typeof (value as { message?: unknown }).message === 'string'
          ) {
            return (value as { message: string }).message;
          }
        }
      }
    } catch {
      // Not JSON after all: fall through to the text.
    }
  }
  return trimmed.length > MAX_REASON_LENGTH ? `${trimmed.slice(0, MAX_REASON_LENGTH)}…` : trimmed;
}

async function httpError(response: Response): Promise<RunFailureError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  const message = messageFromBody(text, response.headers.get('content-type') ?? '');
  const statusText = message || response.statusText;
  return statusText
    ? RunFailureError.coded(
        'Transport',
        'httpStatus',
        { status: response.status, message: statusText },
        response.status,
      )
    : RunFailureError.coded(
        'Transport',
        'httpRefused',
        { status: response.status },
        response.status,
      );
}

/** Sends a RunAgentInput to an endpoint and streams back the events, without retrying anything. */
export class EndpointAgent implements AgentLike {
  readonly url: string;
  private readonly options: EndpointAgentOptions;

  constructor(options: EndpointAgentOptions) {
    this.options = options;
    this.url = options.url;
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const controller = new AbortController();
      const bytes = new Subject<HttpEvent>();
      const parsed = parseSSEStream(bytes).subscribe({
        next: (event: BaseEvent) => subscriber.next(event),
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

      const stream = async () => {
        const headers =
          typeof this.options.headers === 'function'
            ? await this.options.headers()
            : this.options.headers;
        const fetchImpl = this.options.fetch ?? globalThis.fetch.bind(globalThis);
        let response: Response;
        try {
          response = await fetchImpl(this.url, {
            method: 'POST',
            headers: {
              ...headers,
              'Content-Type': 'application/json',
              Accept: 'text/event-stream',
            },
            body: JSON.stringify(input),
            credentials: this.options.credentials ?? 'same-origin',
            signal: controller.signal,
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          const reason = error instanceof Error ? error.message : String(error);
          throw RunFailureError.coded('Transport', 'networkError', { reason });
        }
        if (!response.ok) throw await httpError(response);
        const contentType = response.headers.get('content-type') ?? '';
        if (!contentType.toLowerCase().includes('text/event-stream')) {
          await response.body?.cancel().catch(() => undefined);
          throw contentType
            ? RunFailureError.coded('Transport', 'notEventStream', { contentType })
            : RunFailureError.coded('Transport', 'noContentType');
        }
        if (!response.body) throw RunFailureError.coded('Transport', 'noBody');
        reader = response.body.getReader();
        const decoder = new TextDecoder();
        const encoder = new TextEncoder();
        const normaliser = new LineEndingNormaliser();
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            if (controller.signal.aborted) return;
            const reason = error instanceof Error ? error.message : String(error);
            throw RunFailureError.coded('Transport', 'connectionBroke', { reason });
          }
          if (chunk.done) break;
          const text = normaliser.push(decoder.decode(chunk.value, { stream: true }));
          if (text) bytes.next({ type: 'data', data: encoder.encode(text) } as HttpEvent);
        }
        const rest = normaliser.push(decoder.decode()) + normaliser.end();
        if (rest) bytes.next({ type: 'data', data: encoder.encode(rest) } as HttpEvent);
        bytes.complete();
      };

      stream().catch((error: unknown) => {
        if (!controller.signal.aborted) bytes.error(error);
      });

      return () => {
        controller.abort();
        reader?.cancel().catch(() => undefined);
        parsed.unsubscribe();
      };
    });
  }

  /** Requests are aborted by unsubscribing; this exists for AbstractAgent-shaped callers. */
  abortRun(): void {}
}
