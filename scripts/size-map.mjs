// Where the bytes of a minified bundle come from, read from its source map: every mapped stretch of the output is
// counted for the source file it came from, then grouped (our own code by folder, dependencies by package).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const gzip = (text) => gzipSync(text, { level: 9 }).length;

/** The group of a source path: `lit-html`, `@ag-ui/client`, or our folder (`components/agent-chat`, `src/store`). */
export function groupOf(source) {
  const path = source.replaceAll('\\', '/').replace(/^(\.\.\/)+/, '');
  const packages = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (packages) return packages[packages.length - 1].replace('node_modules/', '');
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Whether a group is one of ours (a folder of this repository) rather than a dependency. */
export const isOwn = (group) => /^(components|src)(\/|$)/.test(group);

/**
 * The output text of each group, from the map's segments: a segment covers the output from its column to the
 * next segment's, across line ends (a template literal's later lines belong to the module it started in). Output
 * before the first mapped segment (the bundler's wrapper) and segments without a source go to `(bundler)`.
 */
export function textByGroup(code, map, group = groupOf) {
  const lines = code.split('\n');
  const mappings = decode(map.mappings);
  const names = map.sources.map((source) => group(source));
  const texts = new Map();
  const add = (name, text) => {
    if (text) texts.set(name, (texts.get(name) ?? '') + text);
  };
  let current = '(bundler)';
  lines.forEach((line, index) => {
    const segments = mappings[index] ?? [];
    let column = 0;
    for (const segment of segments) {
      add(current, line.slice(column, segment[0]));
      current = segment.length > 1 ? names[segment[1]] : '(bundler)';
      column = segment[0];
    }
    add(current, `${line.slice(column)}${index + 1 < lines.length ? '\n' : ''}`);
  });
  return texts;
}

/**
 * Rows for one bundle: minified bytes, gzip of the group's text alone, and its share of the file's gzip (the file's
 * gzip split in proportion to the groups' gzip alone, so the shares add up to the file).
 */
export function attribute(file, group = groupOf) {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const texts = textByGroup(code, map, group);
  const total = gzip(code);
  const rows = [...texts].map(([name, text]) => ({
    name,
    own: isOwn(name),
    minified: Buffer.byteLength(text),
    alone: gzip(text),
  }));
  const sumAlone = rows.reduce((sum, row) => sum + row.alone, 0);
  for (const row of rows) row.share = (total * row.alone) / sumAlone;
  return { total, rows: rows.sort((a, b) => b.share - a.share) };
}
