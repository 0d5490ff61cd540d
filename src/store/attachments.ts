// Attachments in the conversation: AG-UI 1.0 content parts from and to attachment parts, what the agent's
// capabilities accept, and the saved-thread budget (the check a restored part must pass is in attachment-check.ts).
import type { AgentCapabilities, ContentPart, InputContent } from '@ag-ui/core';
import { MEDIA, SOURCES } from './attachment-check.js';
import type {
  AttachmentMedia,
  AttachmentPart,
  AttachmentSource,
  ChatMessage,
  MessagePart,
  RunStoreState,
} from './types.js';

/** The default budget of a saved thread's attachment bytes: 5 MiB. */
export const SAVED_ATTACHMENT_BUDGET = 5 * 1024 * 1024;

/** The 1.0 part a MIME type travels as: images, audio and video by their family, everything else as a document. */
export function mediaOf(mimeType: string): AttachmentMedia {
  const family = mimeType.split('/')[0]?.toLowerCase() ?? '';
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'document';
}

/** The 1.0 content part of an attachment; one whose bytes a saved copy left out becomes a text note. */
export function toContentPart(part: AttachmentPart): ContentPart {
  const metadata = { filename: part.name };
  const source = part.source;
  if (!source || part.omitted) {
    return {
      type: 'text',
      text: `[Attachment ${part.name} (${part.mimeType}, ${part.size} bytes) was not kept with this saved thread]`,
    };
  }
  const partSource =
    source.type === 'data'
      ? { type: 'data' as const, value: source.value, mimeType: source.mimeType ?? part.mimeType }
      : {
          type: source.type,
          value: source.value,
          ...(source.mimeType ? { mimeType: source.mimeType } : {}),
        };
  return { type: part.media, source: partSource, metadata } as ContentPart;
}

/** A user message's content: its text alone, or the text first and then every attachment in order. */
export function userContent(parts: readonly MessagePart[], text: string): string | InputContent[] {
  const attachments = parts.filter((part): part is AttachmentPart => part.kind === 'attachment');
  if (attachments.length === 0) return text;
  return [...(text ? [{ type: 'text' as const, text }] : []), ...attachments.map(toContentPart)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The attachment parts of a snapshot's user content (media parts of any source; their URLs are the agent's). */
export function attachmentsOfContent(content: unknown): AttachmentPart[] {
  if (!Array.isArray(content)) return [];
  const parts: AttachmentPart[] = [];
  for (const item of content) {
    if (!isRecord(item) || typeof item.type !== 'string' || !MEDIA.has(item.type)) continue;
    const source = item.source;
    if (!isRecord(source) || typeof source.type !== 'string' || !SOURCES.has(source.type)) continue;
    if (typeof source.value !== 'string') continue;
    const mimeType = typeof source.mimeType === 'string' ? source.mimeType : '';
    const metadata = isRecord(item.metadata) ? item.metadata : {};
    const name = typeof metadata.filename === 'string' ? metadata.filename : `${item.type} file`;
    parts.push({
      kind: 'attachment',
      media: item.type as AttachmentMedia,
      name,
      mimeType,
      size:
        source.type === 'data' ? Math.floor((source.value.replace(/=+$/, '').length * 3) / 4) : 0,
      source: {
        type: source.type as AttachmentSource['type'],
        value: source.value,
        ...(mimeType ? { mimeType } : {}),
      },
    });
  }
  return parts;
}

/** The MIME patterns the agent's declared input modalities allow, or null when it declared none (then `accept` decides). */
export function acceptedByCapabilities(capabilities: AgentCapabilities | null): string[] | null {
  const input = capabilities?.multimodal?.input;
  if (!input) return null;
  const accepted: string[] = [];
  if (input.image) accepted.push('image/*');
  if (input.audio) accepted.push('audio/*');
  if (input.video) accepted.push('video/*');
  if (input.pdf) accepted.push('application/pdf');
  if (input.file) accepted.push('*/*');
  return accepted;
}

/** Whether a MIME type matches a pattern (`image/png`, `image/*`, `*` or `*\/*`). */
export function mimeMatches(mimeType: string, pattern: string): boolean {
  const type = mimeType.toLowerCase();
  const wanted = pattern.trim().toLowerCase();
  if (wanted === '*' || wanted === '*/*') return true;
  if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
  return type === wanted;
}

/** The patterns of `accept` that the agent's capabilities allow too (all of `accept` when it declared none). */
export function effectiveAccept(accept: readonly string[], capabilities: AgentCapabilities | null) {
  const allowed = acceptedByCapabilities(capabilities);
  if (allowed === null) return [...accept];
  const covers = (cap: string, pattern: string) =>
    cap === '*/*' || (cap.endsWith('/*') ? pattern.startsWith(cap.slice(0, -1)) : pattern === cap);
  return accept.filter((pattern) => allowed.some((cap) => covers(cap, pattern.toLowerCase())));
}

/**
 * The state as a saved thread should keep it: attachment bytes (`data` sources) are kept in message order while
 * they fit in `budgetBytes` (default 5 MiB per thread); beyond it an attachment keeps its name, type and size, is
 * marked `omitted`, and its next run says so in a text part. URL and file sources cost nothing and are kept.
 * Pure; returns the same state when everything fits. Issue 11's saving calls this before it writes a record.
 */
export function withinAttachmentBudget(
  state: RunStoreState,
  budgetBytes: number = SAVED_ATTACHMENT_BUDGET,
): RunStoreState {
  let spent = 0;
  let changed = false;
  const messages = state.messages.map((message): ChatMessage => {
    let touched = false;
    const parts = message.parts.map((part): MessagePart => {
      if (part.kind !== 'attachment' || part.source?.type !== 'data') return part;
      const cost = Math.ceil((part.source.value.length * 3) / 4);
      if (spent + cost <= budgetBytes) {
        spent += cost;
        return part;
      }
      touched = true;
      const { source: _dropped, ...kept } = part;
      void _dropped;
      return { ...kept, omitted: true };
    });
    if (!touched) return message;
    changed = true;
    return { ...message, parts };
  });
  return changed ? { ...state, messages } : state;
}
