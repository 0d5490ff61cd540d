// Attachments on screen: the composer's Attach files button, file input and chips (preview, size, progress,
// Remove), the refusals; a sent message's thumbnails and file chips; and the in-page dialog that shows an image.
import { html, nothing, svg } from 'lit';
import type { AttachmentPart, ChatMessage } from '../../src/store/types.js';
import { format } from '../shared/strings.js';
import type { AttachmentStrings } from './attachment-strings.js';
import { icon } from './icons.js';
import { formatBytes, type AttachmentTray } from './attachment-tray.js';

const paperclipIcon = icon(
  svg`<path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />`,
);
const fileIcon = icon(
  svg`<path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" /><path d="M14 2v6h6" />`,
);
const closeIcon = icon(svg`<path d="M18 6 6 18M6 6l12 12" />`);

/** Image types a thumbnail shows from inline bytes (an `<img>` never runs what it loads). */
const THUMBNAIL_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp)$/i;

/** What the composer's attachment pieces need from the element. */
export interface AttachmentControls {
  readonly text: AttachmentStrings;
  readonly tray: AttachmentTray;
  /** The `accept` of the file input (after the agent's capabilities); empty hides Attach files. */
  readonly accept: readonly string[];
  readonly disabled: boolean;
  onPick(event: Event): void;
  /** Removes a pending file (and keeps the keyboard in the composer). */
  onRemove(id: string): void;
}

/** Attach files: a real button that opens the hidden file input (a real file picker). */
export function renderAttachButton(controls: AttachmentControls) {
  if (controls.accept.length === 0) return nothing;
  const { text } = controls;
  return html`<input
      class="file-input"
      type="file"
      multiple
      hidden
      accept=${controls.accept.join(',')}
      @change=${controls.onPick}
    /><button
      part="attach-button"
      class="attach"
      type="button"
      title=${text.attachFiles}
      ?disabled=${controls.disabled || controls.tray.busy}
      @click=${(event: Event) =>
        (event.currentTarget as HTMLElement).parentElement
          ?.querySelector<HTMLInputElement>('.file-input')
          ?.click()}
    >
      ${paperclipIcon}<span class="visually-hidden">${text.attachFiles}</span>
    </button>`;
}

/** The pending files as chips, and the sentences saying what was refused or why a send did not happen. */
export function renderTray(controls: AttachmentControls) {
  const { text, tray } = controls;
  if (tray.pending.length === 0 && tray.refusals.length === 0 && !tray.failure) return nothing;
  return html`${
    tray.refusals.length > 0
      ? html`<div part="attachment-refusals" class="refusals" role="alert">
          <ul>
            ${tray.refusals.map((refusal) => html`<li>${refusal}</li>`)}
          </ul>
          <button class="button ghost" type="button" @click=${() => tray.dismissRefusals()}>
            ${text.dismissRefusals}
          </button>
        </div>`
      : nothing
  }
  ${
    tray.failure
      ? html`<p part="attachment-failure" class="refusals" role="alert">${tray.failure}</p>`
      : nothing
  }
  ${
    tray.pending.length > 0
      ? html`<ul part="attachments" class="chips" aria-label=${text.attachments}>
          ${tray.pending.map(
            (item) =>
              html`<li class="chip" part="attachment" data-name=${item.name}>
                ${
                  item.preview
                    ? html`<img class="chip-preview" src=${item.preview} alt="" />`
                    : html`<span class="chip-icon">${fileIcon}</span>`
                }
                <span class="chip-text">
                  <span class="chip-name" title=${item.name}>${item.name}</span>
                  <span class="chip-size">${formatBytes(item.size)}</span>
                  ${
                    item.progress !== null
                      ? html`<progress
                          class="chip-progress"
                          max="1"
                          .value=${item.progress}
                          aria-label=${format(text.uploading, {
                            percent: Math.round(item.progress * 100),
                          })}
                        ></progress>`
                      : nothing
                  }
                </span>
                <button
                  class="chip-remove"
                  type="button"
                  title=${format(text.removeFile, { name: item.name })}
                  aria-label=${format(text.removeFile, { name: item.name })}
                  ?disabled=${tray.busy}
                  @click=${() => controls.onRemove(item.id)}
                >
                  ${closeIcon}
                </button>
              </li>`,
          )}
        </ul>`
      : nothing
  }`;
}

/** What a sent attachment needs to show: the strings, the host's consent to remote images, the dialog. */
export interface AttachmentView {
  readonly text: AttachmentStrings;
  readonly allowRemoteImages: boolean;
  onOpenImage(part: AttachmentPart, src: string): void;
}

function isHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The `src` an attachment's thumbnail may load: inline image bytes, or a URL the host uploaded to or allowed. */
export function thumbnailSource(part: AttachmentPart, allowRemoteImages: boolean): string | null {
  const source = part.source;
  if (!source || part.omitted || part.media !== 'image') return null;
  if (source.type === 'data') {
    const type = source.mimeType ?? part.mimeType;
    return THUMBNAIL_TYPES.test(type) ? `data:${type};base64,${source.value}` : null;
  }
  if (source.type === 'url' && isHttp(source.value) && (part.uploaded || allowRemoteImages)) {
    return source.value;
  }
  return null;
}

/** One sent attachment: a thumbnail button for an image, a chip for anything else (or an image not loaded). */
export function renderSentAttachment(view: AttachmentView, part: AttachmentPart) {
  const { text } = view;
  const src = thumbnailSource(part, view.allowRemoteImages);
  if (src) {
    return html`<button
      class="thumbnail"
      part="attachment-thumbnail"
      type="button"
      aria-label=${format(text.openImage, { name: part.name })}
      @click=${() => view.onOpenImage(part, src)}
    >
      <img src=${src} alt=${part.name} />
    </button>`;
  }
  const size = part.size > 0 ? formatBytes(part.size) : '';
  let label = size ? `${part.name} · ${size}` : part.name;
  if (part.omitted) label = format(text.attachmentOmitted, { name: part.name, size });
  else if (part.source?.type === 'file') {
    label = format(text.attachmentAtProvider, { name: part.name });
  }
  const link =
    part.source?.type === 'url' && isHttp(part.source.value) && !part.omitted
      ? part.source.value
      : null;
  return html`<span class="chip sent" part="attachment" data-name=${part.name}>
    <span class="chip-icon">${fileIcon}</span>
    ${
      link
        ? html`<a class="chip-name" href=${link} target="_blank" rel="noopener noreferrer"
            >${part.media === 'image' ? format(text.attachmentLink, { name: part.name }) : label}</a
          >`
        : html`<span class="chip-name">${label}</span>`
    }
  </span>`;
}

/** A message's attachments, in the order they were sent. */
export function renderMessageAttachments(view: AttachmentView, message: ChatMessage) {
  const parts = message.parts.filter((part): part is AttachmentPart => part.kind === 'attachment');
  if (parts.length === 0) return nothing;
  return html`<div class="sent-attachments">
    ${parts.map((part) => renderSentAttachment(view, part))}
  </div>`;
}

/** The dialog that shows an image larger, in the page (never a navigation to a `blob:` or `data:` URL). */
export function renderImageDialog(
  text: AttachmentStrings,
  viewing: { readonly name: string; readonly src: string } | null,
  onClose: () => void,
) {
  return html`<dialog
    part="image-dialog"
    class="image-dialog"
    aria-label=${viewing?.name ?? ''}
    @close=${onClose}
  >
    ${
      viewing
        ? html`<figure>
            <img src=${viewing.src} alt=${viewing.name} />
            <figcaption>${viewing.name}</figcaption>
          </figure>`
        : nothing
    }
    <form method="dialog">
      <button class="button" type="submit">${closeIcon}<span>${text.closeImage}</span></button>
    </form>
  </dialog>`;
}
