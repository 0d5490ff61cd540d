// Pretty JSON as lines that know their JSON Pointer, so the inspector can mark what an event changed.

export interface JsonLine {
  readonly text: string;
  readonly changed: boolean;
}

const MAX_LINES = 3000;

/** Whether `path` is one of `changed` or lies inside one of them. */
function isChanged(path: string, changed: ReadonlySet<string>): boolean {
  if (changed.size === 0) return false;
  let current = path;
  for (;;) {
    if (changed.has(current)) return true;
    if (current === '') return false;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/** `value` pretty-printed (two spaces), each line marked when its path changed; cut after 3,000 lines. */
export function jsonLines(value: unknown, changed: ReadonlySet<string> = new Set()): JsonLine[] {
  const lines: JsonLine[] = [];
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
  const emit = (text: string, path: string) => {
    if (lines.length < MAX_LINES) lines.push({ text, changed: isChanged(path, changed) });
  };
  const walk = (item: unknown, path: string, indent: string, prefix: string, comma: string) => {
    if (lines.length >= MAX_LINES) return;
    if (typeof item !== 'object' || item === null) {
      emit(`${indent}${prefix}${JSON.stringify(item) ?? 'null'}${comma}`, path);
      return;
    }
    const array = Array.isArray(item);
    const entries = array
      ? (item as unknown[]).map((child, index) => [String(index), child] as const)
      : Object.entries(item as Record<string, unknown>);
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      emit(`${indent}${prefix}${open}${close}${comma}`, path);
      return;
    }
    emit(`${indent}${prefix}${open}`, path);
    entries.forEach(([key, child], index) => {
      const childPrefix = array ? '' : `${JSON.stringify(key)}: `;
      const childComma = index < entries.length - 1 ? ',' : '';
      walk(child, `${path}/${escape(key)}`, `${indent}  `, childPrefix, childComma);
    });
    emit(`${indent}${close}${comma}`, path);
  };
  walk(value, '', '', '', '');
  if (lines.length >= MAX_LINES) lines.push({ text: '… (cut: too long to show)', changed: false });
  return lines;
}
