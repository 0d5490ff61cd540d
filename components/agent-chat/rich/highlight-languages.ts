// A fenced block's language tag to the highlighter's grammar (Prism's name): part of the highlighter part, so the
// classic script carries none of it. A tag that is not here stays plain.

/** Each grammar and the tags that name it. */
const TAGS: Record<string, string> = {
  typescript: 'ts typescript mts cts',
  tsx: 'tsx',
  javascript: 'js javascript mjs cjs',
  jsx: 'jsx',
  json: 'json jsonc json5',
  sql: 'sql',
  python: 'python py',
  bash: 'bash sh shell zsh',
  yaml: 'yaml yml',
  markup: 'html htm xml svg xhtml',
  css: 'css',
  go: 'go golang',
  rust: 'rust rs',
  java: 'java',
  c: 'c h',
  cpp: 'cpp c++ cc cxx hpp',
  csharp: 'csharp cs c#',
  diff: 'diff patch',
  markdown: 'markdown md',
  kotlin: 'kotlin kt kts',
  swift: 'swift',
  php: 'php',
  ruby: 'ruby rb',
  docker: 'dockerfile docker',
  toml: 'toml',
  ini: 'ini',
};

const GRAMMAR_OF = new Map<string, string>();
for (const [grammar, tags] of Object.entries(TAGS)) {
  for (const tag of tags.split(' ')) GRAMMAR_OF.set(tag, grammar);
}

/** The grammar a fenced block's language tag names (case-insensitive), or null: an unknown tag stays plain. */
export function grammarOf(language: string): string | null {
  return GRAMMAR_OF.get(language.toLowerCase()) ?? null;
}
