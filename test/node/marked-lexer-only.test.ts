// The build's cut of marked: its default instance and `marked` function go, its Lexer keeps working.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lexerOnly } from '../../scripts/marked-lexer-only.mjs';

const MARKED = readFileSync('node_modules/marked/lib/marked.esm.js', 'utf8');

describe('lexerOnly', () => {
  it("keeps marked's classes and drops the ready-made marked function", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'marked-')), 'marked.mjs');
    writeFileSync(file, lexerOnly(MARKED));
    const cut = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    assert.equal('marked' in cut, false);
    assert.equal('parse' in cut, false);
    const Lexer = cut.Lexer as new () => { lex(source: string): { type: string }[] };
    const tokens = new Lexer().lex('# Title\n\nSome *text* and a [link](https://example.com).\n');
    assert.deepEqual(
      tokens.map((token) => token.type),
      ['heading', 'space', 'paragraph'],
    );
  });

  it('fails the build with a clear error when marked has another layout', () => {
    assert.throws(() => lexerOnly('export { a as b };'), /no longer has the layout/);
  });
});
