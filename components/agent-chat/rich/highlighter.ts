// The code highlighter part: Prism's tokens (`Prism.tokenize` only, from a private Prism that never touches the page)
// as lines of Lit templates with text bindings, one class per colour group. Loaded with the first fenced block that
// names a language (loadPart('highlighter')); never part of the classic script itself.
import { html, type TemplateResult } from 'lit';
import { grammarOf } from './highlight-languages.js';
import Prism, { type PrismToken, type PrismTokenStream } from './prism.js';

/** One line of highlighted code: `signature` changes exactly when its tokens do. */
export interface CodeLine {
  readonly signature: string;
  readonly content: readonly (TemplateResult | string)[];
  /** The line starts inside a token begun on an earlier line (a comment, a string, a block scalar). */
  readonly continues?: boolean;
}

/** Prism token types by the colour group that shows them (`--agui-code-<group>-color`). */
const GROUPS: Record<string, string> = {};
for (const [group, types] of Object.entries({
  comment: 'comment prolog doctype cdata',
  keyword: 'keyword atrule rule important directive',
  string: 'string char attr-value template-string regex url string-property',
  number: 'number boolean constant symbol',
  function: 'function function-name class-name builtin macro',
  tag: 'tag selector property key namespace',
  attribute: 'attr-name variable parameter annotation decorator',
  punctuation: 'punctuation operator',
  inserted: 'inserted',
  deleted: 'deleted',
})) {
  for (const type of types.split(' ')) GROUPS[type] = `code-${group}`;
}

function groupOf(token: PrismToken, outer: string): string {
  const aliases = token.alias === undefined ? [] : [token.alias].flat();
  for (const name of [token.type, ...aliases]) {
    const group = GROUPS[name];
    if (group) return group;
  }
  return outer;
}

export { grammarOf };
export { highlightStyles } from './highlight.styles.js';

/** `code` as lines of coloured runs in the language a fence's tag names, or null for a tag this part does not know. */
export function highlightLines(code: string, language: string): CodeLine[] | null {
  const grammar = grammarOf(language);
  const rules = grammar === null ? undefined : Prism.languages[grammar];
  if (!rules) return null;
  // Each line as runs of [group, text]; a token that spans lines is cut at each line break.
  const lines: [string, string][][] = [[]];
  /** The lines that start inside a token (by index). */
  const inside = new Set<number>();
  let depth = 0;
  const push = (group: string, text: string) => {
    const parts = text.split('\n');
    for (const [index, part] of parts.entries()) {
      if (index > 0) {
        lines.push([]);
        if (depth > 0) inside.add(lines.length - 1);
      }
      if (part === '') continue;
      const line = lines[lines.length - 1] as [string, string][];
      const last = line[line.length - 1];
      if (last && last[0] === group) last[1] += part;
      else line.push([group, part]);
    }
  };
  const walk = (stream: PrismTokenStream, group: string) => {
    if (typeof stream === 'string') push(group, stream);
    else if (Array.isArray(stream)) for (const item of stream) walk(item, group);
    else {
      const token = stream as PrismToken;
      depth += 1;
      walk(token.content, groupOf(token, group));
      depth -= 1;
    }
  };
  walk(Prism.tokenize(code, rules), '');
  return lines.map((runs, index) => {
    const newline = index < lines.length - 1 ? '\n' : '';
    return {
      signature: `${runs.map(([group, text]) => `${group}\u0000${text}`).join('\u0001')}${newline}`,
      content: [
        ...runs.map(([group, text]) => (group ? html`<span class=${group}>${text}</span>` : text)),
        newline,
      ],
      ...(inside.has(index) ? { continues: true } : {}),
    };
  });
}
