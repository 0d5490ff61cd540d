// The build's template and import rewrites: what they change, and what they must leave exactly as written.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eagerDynamicImports } from '../../scripts/eager-imports.mjs';
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

describe('eagerDynamicImports', () => {
  it('makes relative dynamic imports static, one namespace per module, on the first line', () => {
    const code =
      "const a = () => import('./a.js');\nconst b = () => import('./a.js').then((m) => m.x);\nconst c = import('../c.js');";
    assert.equal(
      eagerDynamicImports(code),
      "import * as __aguiEager0 from './a.js'; import * as __aguiEager1 from '../c.js'; const a = () => Promise.resolve(__aguiEager0);\nconst b = () => Promise.resolve(__aguiEager0).then((m) => m.x);\nconst c = Promise.resolve(__aguiEager1);",
    );
  });

  it('leaves package imports, computed specifiers and code without import() alone', () => {
    const code = "import('lit');\nimport(name);\nconst s = 'import(\"./x.js\")';";
    assert.equal(eagerDynamicImports(code), code);
  });
});
