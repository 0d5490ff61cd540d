// The check a restored attachment part must pass. Part of the shell (restoring is synchronous); the rest of what
// attachments need (content parts, accept lists, the saved-thread budget) is in attachments.ts.
import { isPlainObject } from './reducer-core.js';

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
