// The voice tests (test/voice/): the same runner as web-test-runner.config.mjs, in a Chromium whose microphone is a
// fake device playing a WAV written here from code, whose audio may play without a gesture, and which resolves
// http://insecure.test to this machine (an insecure page). Never --use-fake-ui-for-media-stream: the microphone
// permission is set per test through CDP (the set-microphone-permission command below), so denial is testable.
import { resolve } from 'node:path';
import { playwrightLauncher } from '@web/test-runner-playwright';
import base from './web-test-runner.config.mjs';
import { CHROME_ARGS, findChrome } from './scripts/chrome.mjs';
import { writeFakeMicrophone } from './scripts/fake-microphone.mjs';

const executablePath = process.env.CHROME_PATH ?? findChrome();
const wav = writeFakeMicrophone(resolve('.bench/fake-microphone.wav'));

/** `set-microphone-permission` `{ setting: 'granted' | 'denied' | 'prompt', origin? }`: CDP's Browser.setPermission. */
function microphonePermission() {
  // Chromium drops a session's permission overrides when that session detaches: one browser session stays open.
  const sessions = new WeakMap();
  return {
    name: 'agui-microphone-permission',
    async executeCommand({ command, payload, session }) {
      if (command !== 'set-microphone-permission') return undefined;
      const page = session.browser.getPage(session.id);
      // Playwright's pages live in their own browser context: the permission must name it.
      const pageSession = await page.context().newCDPSession(page);
      const { targetInfo } = await pageSession.send('Target.getTargetInfo');
      await pageSession.detach();
      const browser = page.context().browser();
      let browserSession = sessions.get(browser);
      if (!browserSession) {
        browserSession = await browser.newBrowserCDPSession();
        sessions.set(browser, browserSession);
      }
      await browserSession.send('Browser.setPermission', {
        permission: { name: 'microphone' },
        setting: payload.setting,
        origin: payload.origin ?? new URL(page.url()).origin,
        browserContextId: targetInfo.browserContextId,
      });
      return true;
    },
  };
}

export default {
  ...base,
  files: ['test/voice/**/*.test.ts'],
  concurrency: 1,
  plugins: [...base.plugins, microphonePermission()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          ...CHROME_ARGS,
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${wav}`,
          '--autoplay-policy=no-user-gesture-required',
          '--host-resolver-rules=MAP insecure.test 127.0.0.1',
        ],
      },
    }),
  ],
};
