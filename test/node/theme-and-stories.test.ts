// Source checks that keep theming and the story tests honest: no public token re-declared inside an element,
// every documented custom property read by a style, and every stories module run by a test in test/stories/.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** The source without comments (JSDoc names the public properties; only the styles count here). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const componentSources = filesUnder('components', '.ts').map((path) => ({
  path,
  code: withoutComments(readFileSync(path, 'utf8')),
}));

describe('theme tokens', () => {
  it('never declares a public --agui-* property inside an element (it would cut off what the page set)', () => {
    const declarations = componentSources.flatMap(({ path, code }) =>
      [...code.matchAll(/(^|[;{\s])(--agui-[a-z0-9-]+)\s*:/g)].map(
        (match) => `${path}: ${match[2]}`,
      ),
    );
    assert.deepEqual(declarations, []);
  });

  it('reads every custom property the manifest documents in some style', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
      modules: { declarations?: { tagName?: string; cssProperties?: { name: string }[] }[] }[];
    };
    const styles = componentSources.map(({ code }) => code).join('\n');
    const unread = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .flatMap((declaration) =>
        (declaration.cssProperties ?? []).map((property) => ({
          tag: declaration.tagName,
          name: property.name,
        })),
      )
      .filter(({ name }) => !new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(styles))
      .map(({ tag, name }) => `<${tag}> ${name}`);
    assert.deepEqual(unread, []);
  });
});

describe('story tests', () => {
  it('imports and lists every stories module in a test of test/stories/', () => {
    const runners = readdirSync('test/stories')
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => readFileSync(join('test/stories', name), 'utf8'));
    const missing = readdirSync('stories')
      .filter((name) => name.endsWith('.stories.ts'))
      .filter(
        (name) =>
          !runners.some(
            (runner) =>
              runner.includes(`from '../../stories/${name.replace(/\.ts$/, '.js')}'`) &&
              runner.includes(`'${name}':`),
          ),
      );
    assert.deepEqual(missing, []);
  });
});

describe("Storybook's toolbars", () => {
  it('offer English and every shipped pack as a language, and the three directions', () => {
    const preview = readFileSync('.storybook/preview.ts', 'utf8');
    const items = (name: string) => {
      const block = new RegExp(`${name}: \\{[\\s\\S]*?items: \\[([\\s\\S]*?)\\]`).exec(
        preview,
      )?.[1];
      return [...(block ?? '').matchAll(/value: '([\w-]+)'/g)].map((match) => match[1]);
    };
    const packs = readdirSync('src/i18n/locales').map((file) => file.replace(/\.ts$/, ''));
    assert.deepEqual(items('locale').sort(), ['en', ...packs].sort());
    assert.deepEqual(items('direction'), ['auto', 'ltr', 'rtl']);
    // The decorator sets <html lang> and dir from them, as a host page would.
    assert.match(preview, /root\.lang = locale;/);
    assert.match(preview, /root\.dir = direction;/);
  });
});
