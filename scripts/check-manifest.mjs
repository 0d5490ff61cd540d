// Fails when custom-elements.json is not what the analyzer generates from the current source.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
