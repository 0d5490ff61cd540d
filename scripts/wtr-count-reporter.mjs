// A @web/test-runner reporter that writes the pass/fail counts to a file for scripts/test.mjs.
import { writeFileSync } from 'node:fs';

function countTests(suite, counts) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite.suites ?? []) countTests(child, counts);
}

export function countReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0, sessionErrors: 0 };
      // The story tests (test/stories/) are counted apart too, so the summary can name them.
      const stories = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        if (session.testResults) countTests(session.testResults, counts);
        if (session.testResults && session.testFile.includes('/test/stories/')) {
          countTests(session.testResults, stories);
        }
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.sessionErrors += 1;
      }
      writeFileSync(file, JSON.stringify({ ...counts, stories }));
    },
  };
}
