// Rendered markdown (prose) in <agent-chat> answers: blocks, code with its toolbar, tables.
import { css } from 'lit';

export const chatProseStyles = css`
  /* Markdown */

  .markdown {
    overflow-wrap: anywhere;
    line-height: 1.6;
  }

  .block {
    display: contents;
  }

  .markdown p,
  .markdown ul,
  .markdown ol,
  .markdown blockquote,
  .markdown .code-block,
  .markdown .table-block,
  .markdown .math-block,
  .markdown .diagram,
  .markdown details {
    margin: 0 0 var(--_agui-space-m);
  }

  .markdown h1,
  .markdown h2,
  .markdown h3,
  .markdown h4,
  .markdown h5,
  .markdown h6 {
    margin: var(--_agui-space-l) 0 var(--_agui-space-s);
    line-height: 1.3;
  }

  .markdown h1 {
    font-size: 1.375rem;
  }

  .markdown h2 {
    font-size: 1.2rem;
  }

  .markdown h3 {
    font-size: 1.05rem;
  }

  .markdown h4,
  .markdown h5,
  .markdown h6 {
    font-size: 1rem;
  }

  .markdown > .block:first-child > :first-child {
    margin-top: 0;
  }

  .markdown > .block:last-child > :last-child {
    margin-bottom: 0;
  }

  .markdown ul,
  .markdown ol {
    padding-inline-start: 1.5rem;
  }

  .markdown li + li {
    margin-top: var(--_agui-space-xs);
  }

  .markdown blockquote {
    padding-inline-start: var(--_agui-space-m);
    border-inline-start: 3px solid var(--_agui-color-border);
    color: var(--_agui-color-text-muted);
  }

  .markdown a {
    color: var(--_agui-color-accent);
    text-underline-offset: 2px;
  }

  .markdown hr {
    border: none;
    border-top: 1px solid var(--_agui-color-border);
    margin: var(--_agui-space-l) 0;
  }

  .markdown code,
  .tool-name,
  .json {
    font-family: var(--_agui-chat-mono);
    font-size: 0.875em;
  }

  .markdown :not(pre) > code {
    padding: 0.1em 0.35em;
    border-radius: 0.3rem;
    background: var(--_agui-chat-code-bg);
  }

  .code-block {
    overflow: hidden;
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-chat-code-bg);
  }

  .code-toolbar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: var(--_agui-space-xs) var(--_agui-space-s) var(--_agui-space-xs) var(--_agui-space-m);
    border-bottom: 1px solid var(--_agui-color-border);
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .code-copy {
    min-height: 1.75rem;
    padding: 0 var(--_agui-space-s);
    border: 1px solid transparent;
    border-radius: 0.375rem;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .code-copy:hover {
    border-color: var(--_agui-color-border);
    color: var(--_agui-color-text);
  }

  .code-block pre {
    margin: 0;
    padding: var(--_agui-space-m);
    overflow-x: auto;
    line-height: 1.5;
  }

  .code-note {
    margin: 0;
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border-top: 1px solid var(--_agui-color-border);
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  /* A drawn diagram: an image no wider than the answer, its source behind Show source. */
  .diagram {
    display: grid;
    gap: var(--_agui-space-xs);
    justify-items: start;
  }

  .diagram-image {
    display: block;
    max-inline-size: 100%;
    block-size: auto;
  }

  .markdown .diagram-source {
    justify-self: stretch;
    margin: 0;
  }

  .diagram-source > summary {
    display: inline-flex;
    cursor: pointer;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .diagram-source > summary .chevron {
    margin-inline-start: 0;
  }

  .code-note.kept-lines {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  /* Forced colours leave images alone: the plain black-on-white drawing keeps its own white ground. */
  @media (forced-colors: active) {
    .diagram-image {
      forced-color-adjust: none;
      background: #fff;
    }
  }

  /* A display formula: it scrolls inside its own box when wider than the answer; Copy TeX at the block's end. */
  .math-block {
    display: flex;
    align-items: center;
    gap: var(--_agui-space-xs);
  }

  .math-formula {
    flex: 1;
    min-inline-size: 0;
    overflow-x: auto;
    overflow-y: hidden;
  }

  .math-block .math-copy {
    align-self: flex-start;
    flex: none;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .markdown pre.math-tex {
    margin: 0;
    padding: var(--_agui-space-s) var(--_agui-space-m);
    overflow-x: auto;
    border-radius: var(--_agui-radius);
    background: var(--_agui-chat-code-bg);
  }

  .math-note {
    margin: 0;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .math-formula .math-note {
    margin-block-start: var(--_agui-space-xs);
  }

  .table-toolbar {
    display: flex;
    justify-content: flex-end;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  /* A wide table scrolls inside its own box (a 390 px chat never scrolls sideways). */
  .table-scroll {
    max-inline-size: 100%;
    overflow-x: auto;
  }

  .markdown table {
    border-collapse: collapse;
    font-size: var(--_agui-font-size-small);
    /* Cells break between words, never inside one ("Request|s"): a table wider than the chat scrolls instead. */
    overflow-wrap: normal;
  }

  .markdown th,
  .markdown td {
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    text-align: start;
  }

  .markdown [align='right'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }

  .markdown [align='center'] {
    text-align: center;
  }

  .markdown th {
    background: var(--_agui-color-surface-raised);
  }
`;
