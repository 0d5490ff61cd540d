// One TypeScript entry bundled into a minified classic script (an IIFE), as text: the MCP Apps sandbox proxy's inline
// script and the diagram frame's script.
import { build } from 'esbuild';

export async function classicScript(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}
