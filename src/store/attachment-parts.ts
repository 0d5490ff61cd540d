// Attachments as AG-UI 1.0 content parts: what a user message sends, and the attachment parts of a snapshot's user
// content. Loaded with the pipeline (a run's input, MESSAGES_SNAPSHOT).
import type { ContentPart, InputContent } from '@ag-ui/core';
import { MEDIA, SOURCES } from './attachments.js';
import { isPlainObject as isRecord } from './reducer-core.js';
import type { AttachmentMedia, AttachmentPart, AttachmentSource, MessagePart } from './types.js';

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
