// The build's `css` template minifier: comments and indentation go; selectors, strings, calc() and interpolations
// keep their meaning.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyCss, minifyCssTemplates } from '../../scripts/css-templates.mjs';

describe('minifyCss', () => {
  it('drops comments, the whitespace beside braces, semicolons and commas and after colons, and last semicolons', () => {
    const css = `
      /* the focus ring */
      :host([theme='dark']) .row :focus-visible,
      .b > .c {
        margin: calc(1rem - 2px) 0;
        outline: var(--agui-focus-ring, 2px solid blue);
      }
    `;
    assert.equal(
      minifyCss(css),
      ":host([theme='dark']) .row :focus-visible,.b > .c{margin:calc(1rem - 2px) 0;outline:var(--agui-focus-ring,2px solid blue)}",
    );
  });

  it('keeps quoted strings and interpolations exactly', () => {
    assert.equal(
      minifyCss(`.a::before {\n  content: '  two  spaces; { } ';\n  \${ tokens }\n}`),
      ".a::before{content:'  two  spaces; { } ';${ tokens }}",
    );
  });
});

describe('minifyCssTemplates', () => {
  it('rewrites css templates and leaves html templates and other code alone', () => {
    const code =
      'const s = css`\n  .a {\n    color: red;\n  }\n`;\nconst t = html`<p>  a  </p>`;\n';
    assert.equal(
      minifyCssTemplates(code),
      'const s = css`.a{color:red}`;\nconst t = html`<p>  a  </p>`;\n',
    );
  });
});
