// The build's cut of @ag-ui/client: Middleware.runNextWithState becomes a clear error, CompatibilityBoundary still
// runs, and @ag-ui/client's reducer with fast-json-patch falls out of a bundle of the boundary.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Observable, lastValueFrom, toArray } from 'rxjs';
import { rolldown } from 'rolldown';
import { agUiMiddlewareSlim, withoutClientReducer } from '../../scripts/ag-ui-middleware-slim.mjs';

const CLIENT = 'node_modules/@ag-ui/client/dist/index.mjs';

/** A scratch folder inside node_modules, so Node and the bundler resolve bare imports from this repository. */
function scratch(): string {
  mkdirSync(join('node_modules', '.cache'), { recursive: true });
  return mkdtempSync(join('node_modules', '.cache', 'ag-ui-slim-'));
}

/** The cut module, written where Node resolves its bare imports from this repository's node_modules. */
async function importCut(): Promise<Record<string, unknown>> {
  const dir = scratch();
  try {
    const file = join(dir, 'index.mjs');
    writeFileSync(file, withoutClientReducer(readFileSync(CLIENT, 'utf8')));
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('withoutClientReducer', () => {
  it('keeps CompatibilityBoundary working and makes runNextWithState a clear error', async () => {
    const client = await importCut();
    const Boundary = client.CompatibilityBoundary as new () => {
      run(input: unknown, next: unknown): Observable<{ type: string }>;
      runNextWithState(input: unknown, next: unknown): unknown;
    };
    const boundary = new Boundary();
    const agent = {
      run: () =>
        new Observable<{ type: string; threadId: string; runId: string }>((subscriber) => {
          subscriber.next({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
          subscriber.next({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' });
          subscriber.complete();
        }),
    };
    const input = { threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {} };
    const events = await lastValueFrom(boundary.run(input, agent).pipe(toArray()));
    assert.deepEqual(
      events.map((event) => event.type),
      ['RUN_STARTED', 'RUN_FINISHED'],
    );
    assert.throws(
      () => boundary.runNextWithState(input, agent),
      /runNextWithState is not part of the agui-elements bundles/,
    );
  });

  it('drops the reducer and fast-json-patch from a bundle of the boundary', async () => {
    const bundleOf = async (plugins: ReturnType<typeof agUiMiddlewareSlim>[]) => {
      const dir = scratch();
      try {
        const entry = join(dir, 'entry.mjs');
        writeFileSync(entry, "export { CompatibilityBoundary } from '@ag-ui/client';\n");
        const bundle = await rolldown({ input: entry, plugins: plugins as never });
        const { output } = await bundle.generate({ format: 'es' });
        return output[0].code;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const plain = await bundleOf([]);
    const slim = await bundleOf([agUiMiddlewareSlim()]);
    // fast-json-patch's error names, and the reducer's case for STATE_DELTA subscribers.
    for (const marker of ['OPERATION_PATH_UNRESOLVABLE', 'onStateDeltaEvent']) {
      assert.ok(plain.includes(marker), `the plain bundle has ${marker}`);
      assert.ok(!slim.includes(marker), `the slim bundle has no ${marker}`);
    }
    assert.ok(slim.includes('[ag-ui][compat]'), 'the slim bundle keeps the boundary');
  });

  it('fails the build with a clear error when @ag-ui/client has another layout', () => {
    assert.throws(() => withoutClientReducer('export class A { run() {} }'), /found 0/);
  });
});
