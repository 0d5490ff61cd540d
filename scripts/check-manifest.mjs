// Fails when custom-elements.json is not what the analyzer generates from the current source, or when the framework
// entries generated from it (scripts/framework-types.mjs) are not what it gives.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REACT_WRAPPERS, reactWrappersSource, writeFrameworkTypes } from './framework-types.mjs';

// The analyzer takes --outdir relative to the working directory.
mkdirSync('.bench', { recursive: true });
const outdir = mkdtempSync(join('.bench', 'cem-'));
try {
  execFileSync(
    process.execPath,
    [
      'node_modules/@custom-elements-manifest/analyzer/cem.js',
      'analyze',
      '--config',
      'custom-elements-manifest.config.mjs',
      '--outdir',
      outdir,
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const fresh = readFileSync(join(outdir, 'custom-elements.json'), 'utf8');
  let committed = '';
  try {
    committed = readFileSync('custom-elements.json', 'utf8');
  } catch {
    committed = '';
  }
  if (fresh.trim() !== committed.trim()) {
    console.error('custom-elements.json is out of date: run `npm run analyze` and commit it.');
    process.exit(1);
  }
  console.log('custom-elements.json is in sync with the source.');
  // The framework entries come from the manifest: the React wrappers are committed, the types written by the build.
  const manifest = JSON.parse(committed);
  let wrappers = '';
  try {
    wrappers = readFileSync(REACT_WRAPPERS, 'utf8');
  } catch {
    wrappers = '';
  }
  if ((await reactWrappersSource(manifest)) !== wrappers) {
    console.error(
      `${REACT_WRAPPERS} is out of date: run \`node scripts/framework-types.mjs\` and commit it.`,
    );
    process.exit(1);
  }
  await writeFrameworkTypes(manifest, join(outdir, 'frameworks'));
  console.log(`${REACT_WRAPPERS} and the framework types are in sync with the manifest.`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
