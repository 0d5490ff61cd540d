// The custom-elements manifest (custom-elements.json), generated from the elements' JSDoc and Lit decorators.
export default {
  globs: ['components/**/*.ts'],
  exclude: ['components/**/*.styles.ts', 'components/**/*.test.ts', 'components/react/**'],
  litelement: true,
  packagejson: false,
  plugins: [
    {
      // The public API only, in a stable order: private and protected members are implementation, not docs.
      name: 'agui-public-members-only',
      packageLinkPhase({ customElementsManifest }) {
        // The analyzer reads files in parallel: sort modules so the same source gives the same manifest.
        customElementsManifest.modules?.sort((a, b) => a.path.localeCompare(b.path));
        for (const module of customElementsManifest.modules ?? []) {
          for (const declaration of module.declarations ?? []) {
            if (!declaration.members) continue;
            declaration.members = declaration.members.filter(
              (member) => member.privacy !== 'private' && member.privacy !== 'protected',
            );
          }
        }
      },
    },
  ],
};
