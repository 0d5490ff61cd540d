// Attachments in the conversation: what the agent's capabilities accept, the saved-thread budget, and the check a
// restored attachment part must pass. Part of the shell; AG-UI content parts to and from attachment parts are in
// attachment-parts.ts (loaded with the pipeline).
import type { AgentCapabilities } from '@ag-ui/core';
import { isPlainObject } from './reducer-core.js';
import type { AttachmentMedia, ChatMessage, MessagePart, RunStoreState } from './types.js';

/** The default budget of a saved thread's attachment bytes: 5 MiB. */
export const SAVED_ATTACHMENT_BUDGET = 5 * 1024 * 1024;

/** The 1.0 part a MIME type travels as: images, audio and video by their family, everything else as a document. */
export function mediaOf(mimeType: string): AttachmentMedia {
  const family = mimeType.split('/')[0]?.toLowerCase() ?? '';
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'document';
}

export const MEDIA = new Set<string>(['image', 'audio', 'video', 'document']);
export const SOURCES = new Set<string>(['data', 'url', 'file']);

/** Why a saved attachment part cannot be used, or null. */
export function attachmentPartProblem(part: Record<string, unknown>, where: string): string | null {
  if (typeof part.media !== 'string' || !MEDIA.has(part.media)) return `${where}.media is unknown`;
  if (typeof part.name !== 'string' || typeof part.mimeType !== 'string') {
    return `${where} has no name or type`;
  }
  if (!Number.isFinite(part.size) || (part.size as number) < 0)
    return `${where}.size is not a size`;
  if (part.source === undefined) return part.omitted === true ? null : `${where} has no source`;
  const source = part.source;
  if (!isPlainObject(source) || typeof source.type !== 'string' || !SOURCES.has(source.type)) {
    return `${where}.source is not a source`;
  }
  return typeof source.value === 'string' ? null : `${where}.source has no value`;
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
