// Redaction before a recording is written: headers never, attachment bytes by default, the host's own rule per line.
import type { RecordingHeader, RecordingLine } from './format.js';

/** What the host's `.redact` is told about a line. */
export interface RedactionInfo {
  /** 0 for the header line, then 1, 2, … for event lines. */
  readonly index: number;
  readonly kind: 'header' | 'event';
}

/**
 * The host's redaction rule: returns the line to write (changed or not), or null to drop an event line.
 * Returning null for the header writes it with an empty `runs` list.
 */
export type RecordingRedactor = (
  line: RecordingHeader | RecordingLine,
  info: RedactionInfo,
) => RecordingHeader | RecordingLine | null;

export interface RedactOptions {
  /** Keep attachments' base64 `data` (default false: replaced by their size and type). */
  readonly keepAttachmentData?: boolean;
  readonly redact?: RecordingRedactor | null;
}

/** Bytes of a base64 string (padding counted out). */
function base64Bytes(value: string): number {
  const length = value.replace(/\s/g, '').length;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

function isDataSource(value: Record<string, unknown>): boolean {
  return value.type === 'data' && typeof value.value === 'string' && value.value !== '';
}

/**
 * A copy without `headers` keys and, unless kept, with every attachment `data` source emptied: the bytes become
 * `redactedBytes` (the type stays in `mimeType`), so the line still passes the AG-UI schema.
 */
export function redactValue(value: unknown, keepData: boolean): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = redactValue(item, keepData);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (!keepData && isDataSource(record)) {
    return { ...record, value: '', redactedBytes: base64Bytes(record.value as string) };
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(record)) {
    if (key === 'headers') {
      copy ??= { ...record };
      delete copy[key];
      continue;
    }
    const next = redactValue(item, keepData);
    if (next !== item) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? record;
}

/** Runs the default redaction, then the host's rule, over the header and every line. */
export function redactRecording(
  header: RecordingHeader,
  lines: readonly RecordingLine[],
  options: RedactOptions = {},
): { header: RecordingHeader; lines: RecordingLine[] } {
  const keep = options.keepAttachmentData === true;
  const clean = <T>(line: T): T => redactValue(line, keep) as T;
  let nextHeader = clean(header);
  if (options.redact) {
    const result = options.redact(nextHeader, { index: 0, kind: 'header' });
    // The host's rule may add headers back by mistake: they are never written.
    nextHeader = result ? clean(result as RecordingHeader) : { ...nextHeader, runs: [] };
  }
  const out: RecordingLine[] = [];
  for (const [index, line] of lines.entries()) {
    let next: RecordingLine | null = clean(line);
    if (options.redact) {
      const result = options.redact(next, { index: index + 1, kind: 'event' });
      next = result ? clean(result as RecordingLine) : null;
    }
    if (next) out.push(next);
  }
  return {
    header: { ...nextHeader, format: header.format, version: header.version },
    lines: out,
  };
}
