// A @web/test-runner plugin that serves Storybook's browser modules as its own Vite builder would: with
// `process.env.NODE_ENV` defined, and @testing-library/dom (which storybook/test imports) bundled with the
// CommonJS packages it requires (aria-query and others), which the dev server cannot load as modules.
import { build } from 'esbuild';

const TESTING_LIBRARY = '/node_modules/@testing-library/dom/dist/@testing-library/dom.esm.js';
const STORYBOOK_FILES = /\/node_modules\/(storybook|@storybook\/[^/]+)\/dist\/.*\.js$/;
const NODE_ENV = '"development"';

export function storybookModules() {
  let testingLibrary;
  return {
    name: 'agui-storybook-modules',
    async transform(context) {
      if (context.path.endsWith(TESTING_LIBRARY)) {
        testingLibrary ??= build({
          entryPoints: [`.${TESTING_LIBRARY}`],
          bundle: true,
          format: 'esm',
          platform: 'browser',
          target: 'es2022',
          write: false,
          logLevel: 'error',
          define: { 'process.env.NODE_ENV': NODE_ENV },
        }).then((result) => result.outputFiles[0].text);
        return { body: await testingLibrary };
      }
      if (STORYBOOK_FILES.test(context.path) && typeof context.body === 'string') {
        return { body: context.body.replaceAll('process.env.NODE_ENV', NODE_ENV) };
      }
      return undefined;
    },
  };
}
