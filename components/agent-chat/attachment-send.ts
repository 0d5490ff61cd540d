// Turning pending files into attachment parts for a send: read as plain base64 (`data` sources) or put through the
// host's upload hook (`url` sources), in order; loaded with the first send that carries files.
import { mediaOf } from '../../src/store/attachments.js';
import type { AttachmentPart } from '../../src/store/types.js';
import type { PendingAttachment, UploadAttachment } from './attachment-tray.js';

/** Why one file could not go: which file, and whether reading or uploading failed. */
export class AttachmentSendError extends Error {
  constructor(
    message: string,
    readonly fileName: string,
    readonly stage: 'read' | 'upload',
  ) {
    super(message);
    this.name = 'AttachmentSendError';
  }
}

/** The plain base64 of a file's bytes (no `data:` prefix). */
export function readBase64(file: Blob, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const onAbort = () => reader.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    reader.onload = () => {
      signal.removeEventListener('abort', onAbort);
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = reader.onabort = () => {
      signal.removeEventListener('abort', onAbort);
      reject(reader.error ?? new Error('The file could not be read.'));
    };
    reader.readAsDataURL(file);
  });
}

/** An absolute http(s) URL for what the upload hook answered, or an error naming the file. */
function uploadedUrl(value: unknown, name: string): string {
  if (typeof value === 'string') {
    try {
      const url = new URL(value, document.baseURI);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Falls through to the error below.
    }
  }
  throw new AttachmentSendError('the upload did not answer an http(s) URL', name, 'upload');
}

/** Every pending file as an attachment part, in order; rejects at the first file that fails or on abort. */
export async function prepareAttachments(
  pending: readonly PendingAttachment[],
  upload: UploadAttachment | null,
  signal: AbortSignal,
  onProgress: (item: PendingAttachment, fraction: number) => void,
): Promise<AttachmentPart[]> {
  const parts: AttachmentPart[] = [];
  for (const item of pending) {
    signal.throwIfAborted();
    const base = {
      kind: 'attachment' as const,
      media: mediaOf(item.mimeType),
      name: item.name,
      mimeType: item.mimeType,
      size: item.size,
    };
    if (upload) {
      onProgress(item, 0);
      let answer: unknown;
      try {
        answer = await upload(item.file, {
          signal,
          onProgress: (fraction) => {
            if (Number.isFinite(fraction)) onProgress(item, Math.min(1, Math.max(0, fraction)));
          },
        });
      } catch (error) {
        signal.throwIfAborted();
        const reason = error instanceof Error ? error.message : String(error);
        throw new AttachmentSendError(reason, item.name, 'upload');
      }
      signal.throwIfAborted();
      onProgress(item, 1);
      const value = uploadedUrl(answer, item.name);
      parts.push({
        ...base,
        source: { type: 'url', value, mimeType: item.mimeType },
        uploaded: true,
      });
    } else {
      let value: string;
      try {
        value = await readBase64(item.file, signal);
      } catch (error) {
        signal.throwIfAborted();
        throw new AttachmentSendError(String(error), item.name, 'read');
      }
      parts.push({ ...base, source: { type: 'data', value, mimeType: item.mimeType } });
    }
  }
  return parts;
}
