// One-line summaries and type families of AG-UI events, for the inspector's table.

/** The type families the inspector filters by. */
export type EventFamily =
  | 'lifecycle'
  | 'text'
  | 'tool'
  | 'state'
  | 'reasoning'
  | 'activity'
  | 'subagent'
  | 'custom'
  | 'other';

/** The families in the order the inspector offers them (their names are the inspector's `family…` strings). */
export const EVENT_FAMILIES: readonly EventFamily[] = [
  'lifecycle',
  'text',
  'tool',
  'state',
  'reasoning',
  'activity',
  'subagent',
  'custom',
  'other',
];

/** The family of an event type (unknown types are `other`). */
export function familyOf(type: string): EventFamily {
  if (type.startsWith('RUN_') || type.startsWith('STEP_')) return 'lifecycle';
  if (type.startsWith('TEXT_MESSAGE_')) return 'text';
  if (type.startsWith('TOOL_CALL_')) return 'tool';
  if (type === 'STATE_SNAPSHOT' || type === 'STATE_DELTA' || type === 'MESSAGES_SNAPSHOT') {
    return 'state';
  }
  if (type.startsWith('REASONING_')) return 'reasoning';
  if (type.startsWith('ACTIVITY_')) return 'activity';
  if (type.startsWith('SUBAGENT_')) return 'subagent';
  if (type === 'RAW' || type === 'CUSTOM') return 'custom';
  return 'other';
}

type EventFields = Readonly<Record<string, unknown>>;

const TAIL = 80;

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > TAIL ? `…${flat.slice(-TAIL)}` : flat);
}

function patchPaths(operations: unknown): string {
  if (!Array.isArray(operations)) return 'not a patch';
  const shown = operations
    .slice(0, 4)
    .map((operation) => {
      const op = (operation ?? {}) as EventFields;
      return `${str(op.op)} ${str(op.path)}`;
    })
    .join(', ');
  const more = operations.length > 4 ? ` +${operations.length - 4} more` : '';
  return operations.length === 0 ? 'empty patch' : shown + more;
}

function keysOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return str(value);
  const keys = Object.keys(value);
  return keys.length === 0
    ? '{}'
    : `keys ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? '…' : ''}`;
}

function outcome(event: EventFields): string {
  const value = event.outcome as EventFields | string | undefined;
  if (value === undefined || value === null) return 'success';
  if (typeof value !== 'object') return str(value);
  if (value.type === 'interrupt' && Array.isArray(value.interrupts)) {
    const reasons = (value.interrupts as EventFields[])
      .map((item) => `${str(item.reason)}${item.message ? `: ${str(item.message)}` : ''}`)
      .join('; ');
    return `interrupt (${reasons || 'no reason'})`;
  }
  return str(value.type);
}

/**
 * Accumulates streamed text per message or tool call, so a summary can show the text so far. Only the tail is
 * kept: a summary shows the last words, and memory stays bounded.
 */
export class StreamedText {
  private readonly texts = new Map<string, string>();
  private readonly names = new Map<string, string>();

  append(id: string, delta: unknown): string {
    const next = `${this.texts.get(id) ?? ''}${str(delta)}`.slice(-TAIL * 2);
    this.texts.set(id, next);
    return next;
  }

  name(id: string, name?: unknown): string {
    if (typeof name === 'string' && name) this.names.set(id, name);
    return this.names.get(id) ?? id;
  }

  clear(): void {
    this.texts.clear();
    this.names.clear();
  }
}

/** A one-line summary of an event: ids, text so far, tool names, patch paths, reasons. */
export function summarize(event: EventFields, streamed: StreamedText): string {
  const type = str(event.type);
  const message = str(event.messageId);
  const toolId = str(event.toolCallId);
  switch (type) {
    case 'RUN_STARTED':
      return `thread ${str(event.threadId)} · run ${str(event.runId)}`;
    case 'RUN_FINISHED':
      return `run ${str(event.runId)} · ${outcome(event)}`;
    case 'RUN_ERROR':
      return `${str(event.message)}${event.code ? ` (${str(event.code)})` : ''}`;
    case 'STEP_STARTED':
    case 'STEP_FINISHED':
      return str(event.stepName);
    case 'TEXT_MESSAGE_START':
    case 'REASONING_MESSAGE_START':
      return `${message} · ${str(event.role)}`;
    case 'TEXT_MESSAGE_CONTENT':
    case 'REASONING_MESSAGE_CONTENT':
    case 'TEXT_MESSAGE_CHUNK':
    case 'REASONING_MESSAGE_CHUNK':
      return `${message} ${quoted(streamed.append(message, event.delta))}`;
    case 'TEXT_MESSAGE_END':
    case 'REASONING_MESSAGE_END':
    case 'REASONING_START':
    case 'REASONING_END':
      return message;
    case 'TOOL_CALL_START':
      return `${streamed.name(toolId, event.toolCallName)} · ${toolId}`;
    case 'TOOL_CALL_ARGS':
    case 'TOOL_CALL_CHUNK': {
      const name = streamed.name(toolId, event.toolCallName);
      return `${name} ${quoted(streamed.append(toolId, event.delta))}`;
    }
    case 'TOOL_CALL_END':
      return `${streamed.name(toolId)} · ${toolId}`;
    case 'TOOL_CALL_RESULT':
      return `${streamed.name(toolId)} → ${quoted(str(event.content))}`;
    case 'STATE_SNAPSHOT':
      return keysOf(event.snapshot);
    case 'STATE_DELTA':
      return patchPaths(event.delta);
    case 'MESSAGES_SNAPSHOT':
      return `${Array.isArray(event.messages) ? event.messages.length : 0} messages`;
    case 'ACTIVITY_SNAPSHOT':
      return `${str(event.activityType)} · ${message}`;
    case 'ACTIVITY_DELTA':
      return `${str(event.activityType)} · ${patchPaths(event.patch)}`;
    case 'REASONING_ENCRYPTED_VALUE':
      return `${str(event.subtype)} ${str(event.entityId)} · ${str(event.encryptedValue).length} chars`;
    case 'SUBAGENT_STARTED':
      return `${str(event.name)} · ${str(event.subagentRunId)}`;
    case 'SUBAGENT_FINISHED':
      return `${str(event.subagentRunId)} · ${outcome(event)}`;
    case 'SUBAGENT_ERROR':
      return `${str(event.subagentRunId)} · ${str(event.message)}`;
    case 'RAW':
      return `${event.source ? `${str(event.source)} · ` : ''}${quoted(str(event.event))}`;
    case 'CUSTOM': {
      const value = (event.value ?? {}) as EventFields;
      const reason =
        str(event.name) === 'on_interrupt' && value
          ? ` · ${str(value.reason ?? value.message ?? '')}`
          : '';
      return `${str(event.name)}${reason || ` ${quoted(str(event.value))}`}`;
    }
    default:
      return keysOf(event);
  }
}

/** UTF-8 size of the event's JSON, in bytes. */
export function jsonSize(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
