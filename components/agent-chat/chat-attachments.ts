// ChatAttachments: everything <agent-chat> does with files — the tray, what `accept` and the agent's capabilities
// allow, picker, drop and paste, the send that reads or uploads first, and the image dialog of sent thumbnails.
import type { ReactiveController, ReactiveElement } from 'lit';
import { effectiveAccept } from '../../src/store/attachments.js';
import type { RunStore } from '../../src/store/run-store.js';
import type { AttachmentStrings } from './attachment-strings.js';
import {
  AttachmentTray,
  DEFAULT_ACCEPT,
  parseAccept,
  type UploadAttachment,
} from './attachment-tray.js';
import {
  renderAttachButton,
  renderImageDialog,
  renderTray,
  type AttachmentControls,
  type AttachmentView,
} from './render-attachments.js';
import type { ComposerAttachments } from './render-composer.js';
import { DropTarget } from './drop-target.js';

export type { UploadAttachment } from './attachment-tray.js';

/** The element's attachment properties (`accept`, `max-attachment-bytes`, `allow-remote-images`, the hook). */
export interface ChatAttachmentsHost extends ReactiveElement {
  readonly accept: string;
  readonly maxAttachmentBytes: number;
  readonly allowRemoteImages: boolean;
  readonly uploadAttachment: UploadAttachment | null;
}

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

export class ChatAttachments implements ReactiveController {
  static readonly defaultAccept = DEFAULT_ACCEPT;

  readonly tray: AttachmentTray;
  private readonly drop: DropTarget;
  /** The image the dialog shows. */
  private viewing: { readonly name: string; readonly src: string } | null = null;

  constructor(
    private readonly host: ChatAttachmentsHost,
    private readonly store: () => RunStore | null,
    private readonly text: () => AttachmentStrings,
  ) {
    host.addController(this);
    this.tray = new AttachmentTray(
      host,
      () => ({ accept: this.accept(), maxBytes: this.maxBytes() }),
      text,
    );
    this.drop = new DropTarget(host);
  }

  hostConnected(): void {
    // Nothing to set up: the tray and the dialog follow the element's own updates.
  }

  /** The MIME patterns a file may have: `accept`, narrowed by what the agent says it takes. */
  accept(): string[] {
    const capabilities = this.store()?.getState().capabilities;
    const known = capabilities?.status === 'known' ? capabilities.value : null;
    return effectiveAccept(parseAccept(this.host.accept), known);
  }

  get hasFiles(): boolean {
    return this.tray.pending.length > 0;
  }

  /**
   * Sends the draft with the files: `vet` fires `message-send` (null: vetoed), then the files are read or uploaded,
   * then the store sends text and parts and `sent` runs. A failure keeps draft and files (the tray says why).
   */
  submit(vet: () => string | null, sent: () => void): void {
    if (this.tray.busy) return;
    const final = vet();
    if (final === null) return;
    void this.tray.prepare(this.host.uploadAttachment).then((attachments) => {
      const store = this.store();
      if (!attachments || !store || !this.host.isConnected) return;
      store.send(final, { attachments });
      this.tray.clear();
      sent();
    });
  }

  /** The composer's pieces: Attach files, the tray, and the drop and paste handlers. */
  composer(disabled: boolean): ComposerAttachments {
    const controls: AttachmentControls = {
      text: this.text(),
      tray: this.tray,
      accept: this.accept(),
      disabled,
      onPick: (event) => this.handlePick(event),
      onRemove: (id) => void this.handleRemove(id),
    };
    return {
      button: renderAttachButton(controls),
      tray: renderTray(controls),
      busy: this.tray.busy,
      hasFiles: this.hasFiles,
      dropping: this.drop.active,
      dropText: controls.text.dropFiles,
      onDragOver: (event) => this.handleDragOver(event),
      onDragLeave: (event) => this.drop.leave(event),
      onDrop: (event) => this.handleDrop(event, disabled),
      onPaste: (event) => this.handlePaste(event, disabled),
      onFirstUse: () => this.store()?.requestCapabilities(),
    };
  }

  /** What the transcript's attachments need. */
  view(): AttachmentView {
    return {
      text: this.text(),
      allowRemoteImages: this.host.allowRemoteImages,
      onOpenImage: (part, src) => void this.openImage(part.name, src),
    };
  }

  dialog() {
    return renderImageDialog(this.text(), this.viewing, () => {
      this.viewing = null;
      this.host.requestUpdate();
    });
  }

  private maxBytes(): number {
    const value = this.host.maxAttachmentBytes;
    return Number.isFinite(value) && value > 0 ? value : 0;
  }

  private handlePick(event: Event): void {
    const input = event.target as HTMLInputElement;
    this.tray.add(filesOf(input.files));
    // The same file may be picked again after it was removed.
    input.value = '';
  }

  /** The removed chip's button is gone: focus moves to the Message box rather than to the page. */
  private async handleRemove(id: string): Promise<void> {
    this.tray.remove(id);
    await this.host.updateComplete;
    this.host.renderRoot.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }

  private handleDragOver(event: DragEvent): void {
    this.drop.over(event);
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  private handleDrop(event: DragEvent, disabled: boolean): void {
    const files = filesOf(event.dataTransfer?.files);
    if (files.length === 0) return;
    event.preventDefault();
    if (!disabled && !this.tray.busy) this.tray.add(files);
  }

  private handlePaste(event: ClipboardEvent, disabled: boolean): void {
    const files = filesOf(event.clipboardData?.files);
    if (files.length === 0 || disabled || this.tray.busy) return;
    // Text pastes as text; a pasted file (a screenshot) becomes an attachment.
    if (!event.clipboardData?.types.includes('text/plain')) event.preventDefault();
    this.tray.add(files);
  }

  private async openImage(name: string, src: string): Promise<void> {
    this.viewing = { name, src };
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.host.renderRoot.querySelector<HTMLDialogElement>('dialog.image-dialog');
    if (dialog && !dialog.open) dialog.showModal();
  }
}
