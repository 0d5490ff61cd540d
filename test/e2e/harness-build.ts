// A test page's harness as one classic script, bundled once per entry (the e2e servers serve it beside dist/).
import { build } from 'esbuild';

const built = new Map<string, Promise<string>>();

/** The entry bundled as an IIFE for the browser. */
export function harnessScript(entry: string): Promise<string> {
  let script = built.get(entry);
  if (!script) {
    script = build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]?.text ?? '');
    built.set(entry, script);
  }
  return script;
}
