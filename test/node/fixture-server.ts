// Test helpers: the fixture API on an ephemeral loopback port, observations per request, and clients that decode
// the bytes with @ag-ui/client's own HTTP and SSE pipeline.

import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastValueFrom, toArray } from 'rxjs';
import { runHttpRequest, transformHttpEventStream } from '@ag-ui/client';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { createFixtureApi, toNodeListener } from '../../demo/server/index.js';
import type { AgentHandlerOptions, ResponseObservation } from '../../demo/server/index.js';

export interface FixtureServer {
  readonly url: string;
  readonly agentUrl: string;
  /** Every observation, in order, from every request of this server. */
  readonly observations: ResponseObservation[];
  /** Resolves with the Disposed observation of the producer serving `runId`. */
  disposedOf(runId: string): Promise<ResponseObservation>;
  close(): Promise<void>;
}

export async function startFixtureServer(
  options: Omit<AgentHandlerOptions, 'observe'> = {},
): Promise<FixtureServer> {
  const observations: ResponseObservation[] = [];
  const waiting = new Map<string, Array<(observation: ResponseObservation) => void>>();
  const server: Server = createServer(
    toNodeListener(
      createFixtureApi({
        ...options,
        observe: (observation) => {
          observations.push(observation);
          if (observation.type !== 'Disposed') return;
          for (const resolve of waiting.get(observation.runId) ?? []) resolve(observation);
          waiting.delete(observation.runId);
        },
      }),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    agentUrl: `${url}/api/agent-analysis`,
    observations,
    disposedOf(runId) {
      const done = observations.find((o) => o.type === 'Disposed' && o.runId === runId);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiting.set(runId, [...(waiting.get(runId) ?? []), resolve]));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** A RunAgentInput with the given parts; thread `thread-1` unless told otherwise. */
export function runInput(runId: string, parts: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: 'thread-1', runId, messages: [], tools: [], context: [], ...parts };
}

/** POSTs the input and decodes the reply with runHttpRequest + transformHttpEventStream (the SSE parser). */
export async function postAndDecode(url: string, input: unknown): Promise<BaseEvent[]> {
  const events$ = transformHttpEventStream(
    runHttpRequest(() =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(input),
      }),
    ),
  );
  return lastValueFrom(events$.pipe(toArray()));
}

export interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A request with full control over framing: `chunks` are written one by one; without a `content-length` header
 * Node sends them chunked.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    chunks?: readonly (string | Buffer)[];
  } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

/** The `error` message of a JSON error reply (and checks it is one). */
export function errorMessage(reply: RawReply): string {
  const parsed: unknown = JSON.parse(reply.body);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof (parsed as { error?: unknown }).error !== 'string'
  ) {
    throw new Error(`Not a JSON error reply: ${reply.body}`);
  }
  return (parsed as { error: string }).error;
}
