// A node:test reporter that emits the pass/fail counts as JSON for scripts/test.mjs.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') {
      if (event.data.skip || event.data.todo) counts.skipped += 1;
      else counts.passed += 1;
    }
    if (event.type === 'test:fail' && event.data.details?.type !== 'suite') counts.failed += 1;
  }
  yield JSON.stringify(counts);
}
