// The build's html template rewrite: what it changes, and what it must leave exactly as written.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyHtmlTemplates } from '../../scripts/html-templates.mjs';

describe('minifyHtmlTemplates', () => {
  it('drops the indentation of html and svg templates and keeps their line breaks', () => {
    const code =
      'const a = html`\n  <div class="x\n    y">\n    ${ok ? svg`<g>\n  </g>` : ""}\n  </div>\n`;';
    assert.equal(
      minifyHtmlTemplates(code),
      'const a = html`\n<div class="x\ny">\n${ok ? svg`<g>\n</g>` : ""}\n</div>\n`;',
    );
  });

  it('leaves expressions, other templates and whitespace without a line break alone', () => {
    const code =
      'const t = html`<p>  a  ${`keep\n   this`}</p>`;\nconst s = `plain\n   text`;\nconst c = css`\n  .a {}\n`;';
    assert.equal(minifyHtmlTemplates(code), code);
  });

  it('keeps the number of lines', () => {
    const code = 'x = html`\n\n   <b>\n  ${1}\n</b>`;\ny = 2;\n';
    assert.equal(minifyHtmlTemplates(code).split('\n').length, code.split('\n').length);
  });
});
