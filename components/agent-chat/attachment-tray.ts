// AttachmentTray: the composer's pending files — checked against `accept`, the size limit and the count as they
// arrive (picker, drop, paste), previews, per-file upload progress, and the refusals and failures a person reads.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { mimeMatches } from '../../src/store/attachments.js';
import type { AttachmentPart } from '../../src/store/types.js';
import { format } from '../shared/strings.js';
import type { AttachmentStrings } from './attachment-strings.js';
import { prepareAttachments } from './attachment-send.js';

/** At most this many files go with one message. */
export const MAX_ATTACHMENTS = 10;
/** The default `max-attachment-bytes`: 10 MiB per file. */
export const DEFAULT_MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The default `accept`: common images and PDF. */
export const DEFAULT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/** The host's upload hook: puts a file somewhere and answers the URL the agent reads it from. */
export type UploadAttachment = (
  file: File,
  options: { readonly signal: AbortSignal; onProgress(fraction: number): void },
) => Promise<string>;

export interface PendingAttachment {
  readonly id: string;
  readonly file: File;
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
  /** A `blob:` URL of an image's bytes, for the chip's preview. */
  readonly preview: string | null;
  /** Upload progress from 0 to 1 while uploading, else null. */
  progress: number | null;
}

export interface AttachmentLimits {
  /** MIME patterns (`image/png`, `image/*`); empty: no file is accepted. */
  readonly accept: readonly string[];
  readonly maxBytes: number;
}

/** `1.5 MiB`, `820 KiB`, `12 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A comma- or space-separated MIME list as patterns. */
export function parseAccept(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.includes('/') || item === '*');
}

let nextId = 0;

export class AttachmentTray implements ReactiveController {
  /** Files waiting to be sent, in the order they came. */
  pending: PendingAttachment[] = [];
  /** Why files were not attached, one sentence per file. */
  refusals: string[] = [];
  /** Why the last send with files did not happen (draft and files are kept). */
  failure: string | null = null;
  /** Whether files are being read or uploaded for a send. */
  busy = false;

  private abort: AbortController | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly limits: () => AttachmentLimits,
    private readonly text: () => AttachmentStrings,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort?.abort();
    for (const item of this.pending) if (item.preview) URL.revokeObjectURL(item.preview);
    this.pending = [];
  }

  /** Checks files as they arrive: a file outside the rules is refused at once, naming the file and the rule. */
  add(files: Iterable<File>): void {
    const limits = this.limits();
    const text = this.text();
    const refusals: string[] = [];
    const added: PendingAttachment[] = [];
    for (const file of files) {
      const mimeType = file.type || 'application/octet-stream';
      if (!limits.accept.some((pattern) => mimeMatches(mimeType, pattern))) {
        refusals.push(
          format(text.refusedType, {
            name: file.name,
            type: file.type || 'an unknown type',
            accept: limits.accept.join(', ') || '—',
          }),
        );
      } else if (file.size > limits.maxBytes) {
        refusals.push(
          format(text.refusedSize, {
            name: file.name,
            size: formatBytes(file.size),
            limit: formatBytes(limits.maxBytes),
          }),
        );
      } else if (this.pending.length + added.length >= MAX_ATTACHMENTS) {
        refusals.push(format(text.refusedCount, { name: file.name, max: MAX_ATTACHMENTS }));
      } else {
        nextId += 1;
        added.push({
          id: `attachment-${nextId}`,
          file,
          name: file.name,
          mimeType,
          size: file.size,
          preview: mimeType.startsWith('image/') ? URL.createObjectURL(file) : null,
          progress: null,
        });
      }
    }
    this.refusals = refusals;
    this.failure = null;
    this.pending = [...this.pending, ...added];
    this.host.requestUpdate();
    for (const item of added) void this.probe(item);
  }

  remove(id: string): void {
    const item = this.pending.find((entry) => entry.id === id);
    if (!item || this.busy) return;
    if (item.preview) URL.revokeObjectURL(item.preview);
    this.pending = this.pending.filter((entry) => entry !== item);
    this.host.requestUpdate();
  }

  dismissRefusals(): void {
    this.refusals = [];
    this.host.requestUpdate();
  }

  /** Forgets every file (after a send). */
  clear(): void {
    for (const item of this.pending) if (item.preview) URL.revokeObjectURL(item.preview);
    this.pending = [];
    this.refusals = [];
    this.failure = null;
    this.host.requestUpdate();
  }

  /** Stops reading and uploading; the send does not happen and the files stay. */
  cancel(): void {
    this.abort?.abort();
  }

  /**
   * The files as attachment parts: uploaded through `upload` (url sources) or read (data sources). Null when that
   * failed or was cancelled: `failure` then says why, and the files stay for a retry.
   */
  async prepare(upload: UploadAttachment | null): Promise<AttachmentPart[] | null> {
    if (this.busy) return null;
    const abort = new AbortController();
    this.abort = abort;
    this.busy = true;
    this.failure = null;
    this.host.requestUpdate();
    const text = this.text();
    try {
      return await prepareAttachments(this.pending, upload, abort.signal, (item, fraction) => {
        item.progress = fraction;
        this.host.requestUpdate();
      });
    } catch (error) {
      this.failure = failureText(error, text, abort.signal.aborted);
      return null;
    } finally {
      for (const item of this.pending) item.progress = null;
      this.busy = false;
      this.abort = null;
      this.host.requestUpdate();
    }
  }

  /** A file that cannot be read is refused like one outside the rules. */
  private async probe(item: PendingAttachment): Promise<void> {
    try {
      await item.file.slice(0, 1).arrayBuffer();
    } catch {
      if (!this.pending.includes(item)) return;
      if (item.preview) URL.revokeObjectURL(item.preview);
      this.pending = this.pending.filter((entry) => entry !== item);
      this.refusals = [
        ...this.refusals,
        format(this.text().refusedUnreadable, { name: item.name }),
      ];
      this.host.requestUpdate();
    }
  }
}

function failureText(error: unknown, text: AttachmentStrings, aborted: boolean): string {
  if (aborted) return text.uploadCancelled;
  const detail = error as { fileName?: unknown; stage?: unknown; message?: unknown };
  const name = typeof detail.fileName === 'string' ? detail.fileName : '';
  const reason = error instanceof Error ? error.message : String(error);
  if (detail.stage === 'read') return format(text.readFailed, { name });
  return format(text.uploadFailed, { name, reason });
}
