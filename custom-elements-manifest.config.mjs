// The custom-elements manifest (custom-elements.json), generated from the elements' JSDoc and Lit decorators.
export default {
  globs: ['components/**/*.ts'],
  exclude: ['components/**/*.styles.ts', 'components/**/*.test.ts'],
  litelement: true,
  packagejson: false,
};
