import { expect } from '@open-wc/testing';

function loadedModules(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => !name.includes('/test/'))
    .filter((name) => /@ag-ui|zod|fast-json-patch|pipeline|endpoint-agent/.test(name));
}

describe('What loads when', () => {
  it('loads the event pipeline, zod and the patch engine only on the first run, and zod never evals', async () => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    // Imported here, after the timings were cleared, so the store's own module graph is recorded.
    const { RunStore } = await import('../src/store/run-store.js');
    const { createAnalysisPlugin } = await import('../src/analysis/index.js');
    const { API, scriptedAgent, snapshot, started, finished, waitForStatus } =
      await import('./support/agents.js');
    const shell = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(
      shell.some((name) => name.includes('run-store')),
      'the shell was recorded',
    ).to.equal(true);
    const store = new RunStore({
      agent: scriptedAgent((input) => [started(input), snapshot([API]), finished(input)]),
    }).use(createAnalysisPlugin());
    expect(loadedModules(), 'nothing heavy before the first run').to.deep.equal([]);

    // zod 4 probes `new Function` unless it is configured jitless before any schema is built.
    const constructed: string[] = [];
    const OriginalFunction = globalThis.Function;
    globalThis.Function = new Proxy(OriginalFunction, {
      construct(target, args: string[]) {
        constructed.push(args.join(','));
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args: string[]) {
        constructed.push(args.join(','));
        return Reflect.apply(target, thisArg, args);
      },
    });
    try {
      store.run();
      const done = await waitForStatus(store, 'Completed', 'Failed');
      expect(done.run.status, done.run.failure?.reason).to.equal('Completed');
    } finally {
      globalThis.Function = OriginalFunction;
    }
    const loaded = loadedModules().join('\n');
    expect(loaded).to.contain('pipeline');
    expect(loaded).to.contain('zod');
    expect(loaded).to.contain('fast-json-patch');
    expect(constructed, 'no code generation').to.deep.equal([]);
    store.dispose();
  });
});
