// @web/test-runner: TypeScript sources in real Chromium, with same-origin test endpoints as middleware.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { CHROME_ARGS, findChrome } from './scripts/chrome.mjs';
import { storybookModules } from './scripts/wtr-storybook.mjs';
import { countReporter } from './scripts/wtr-count-reporter.mjs';
import { prismPrivateServe } from './scripts/prism-private.mjs';
import { channelMiddleware, channelPlugin } from './test/support/channel-server.ts';
import { testMiddleware } from './test/support/middleware.ts';
import { frameKoaMiddleware } from './scripts/diagram-frame.mjs';
import { aimockMiddleware } from './test/support/aimock.ts';

const executablePath = process.env.CHROME_PATH ?? findChrome();

export default {
  // scripts/test.mjs runs the story tests (and Storybook's module graph) apart: WTR_STORIES=skip, then only.
  // Without it, this runs every file.
  files:
    process.env.WTR_STORIES === 'only'
      ? ['test/stories/**/*.test.ts', 'test/stories-runner.test.ts']
      : [
          'test/**/*.test.ts',
          '!test/node/**',
          // The consumer apps run on their own (test/consumers/run.mjs); their node_modules hold others' tests.
          '!test/consumers/**',
          // The voice tests need a fake microphone: web-test-runner.voice.config.mjs runs them.
          '!test/voice/**',
          ...(process.env.WTR_STORIES === 'skip'
            ? ['!test/stories/**', '!test/stories-runner.test.ts']
            : []),
        ],
  nodeResolve: { exportConditions: ['browser'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  browserStartTimeout: 60_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [
    // The highlighter's private Prism is generated, not a file (scripts/prism-private.mjs).
    prismPrivateServe(),
    esbuildPlugin({ ts: true, json: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    channelPlugin(),
    storybookModules(),
  ],
  middleware: [testMiddleware(), channelMiddleware(), aimockMiddleware(), frameKoaMiddleware()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROME_ARGS },
    }),
  ],
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    summaryReporter({ flatten: false }),
    countReporter(process.env.WTR_COUNT_FILE ?? '.bench/wtr-counts.json'),
  ],
};
