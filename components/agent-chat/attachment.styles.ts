// Styles of attachments in <agent-chat>: Attach files, the composer's chips and refusals, sent thumbnails and chips,
// and the image dialog.
import { css } from 'lit';

export const attachmentStyles = css`
  /* Files dragged over the composer: a dashed frame (forced colours keep it) and a sentence, not colour alone. */
  .dropping {
    position: relative;
  }

  .drop-hint {
    position: absolute;
    inset: var(--_agui-space-xs);
    display: grid;
    place-items: center;
    margin: 0;
    border: 2px dashed var(--_agui-color-accent);
    border-radius: var(--_agui-radius);
    background: color-mix(in srgb, var(--_agui-color-accent) 12%, var(--_agui-color-surface));
    font-weight: 600;
    pointer-events: none;
  }

  .attach,
  .chip-remove {
    display: grid;
    place-items: center;
    flex: none;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: var(--_agui-color-text-muted);
    cursor: pointer;
  }

  .chip-remove {
    inline-size: 1.75rem;
    block-size: 1.75rem;
  }

  .attach:hover:not(:disabled),
  .chip-remove:hover:not(:disabled) {
    color: var(--_agui-color-accent);
    background: var(--_agui-color-surface);
  }

  .attach:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  .chips,
  .sent-attachments {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .sent-attachments {
    justify-content: flex-end;
    margin-block-start: var(--_agui-space-s);
  }

  .chip {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-s);
    min-inline-size: 0;
    max-inline-size: min(100%, 16rem);
    padding: var(--_agui-space-xs) var(--_agui-space-s) var(--_agui-space-xs) var(--_agui-space-xs);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    font-size: var(--_agui-font-size-small);
  }

  .chip-preview,
  .chip-icon {
    flex: none;
    display: grid;
    place-items: center;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border-radius: calc(var(--_agui-radius) - 2px);
    background: var(--_agui-color-surface-raised);
    object-fit: cover;
  }

  .chip-text {
    display: grid;
    min-inline-size: 0;
  }

  .chip-name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: inherit;
  }

  a.chip-name {
    color: var(--_agui-color-accent);
  }

  .chip-size,
  .image-dialog figcaption {
    color: var(--_agui-color-text-muted);
    font-size: 0.75rem;
  }

  .chip-progress {
    inline-size: 100%;
    block-size: 0.35rem;
    accent-color: var(--_agui-color-accent);
  }

  .refusals {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--_agui-space-s);
    margin: 0;
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border-inline-start: 3px solid var(--_agui-color-danger);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface-raised);
    font-size: var(--_agui-font-size-small);
    overflow-wrap: anywhere;
  }

  .refusals ul {
    margin: 0;
    padding-inline-start: 1rem;
  }

  .thumbnail {
    padding: 0;
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    overflow: hidden;
    cursor: zoom-in;
  }

  .thumbnail img {
    display: block;
    inline-size: 6rem;
    block-size: 6rem;
    object-fit: cover;
  }

  .markdown img,
  .image-dialog img {
    max-inline-size: 100%;
    max-block-size: 70vh;
    object-fit: contain;
  }

  .image-dialog {
    max-inline-size: min(92vw, 60rem);
    padding: var(--_agui-space-m);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
  }

  .image-dialog::backdrop {
    background: rgb(0 0 0 / 0.6);
  }

  .image-dialog img {
    min-inline-size: min(16rem, 80vw);
  }

  .image-dialog figure {
    display: grid;
    gap: var(--_agui-space-s);
    margin: 0 0 var(--_agui-space-s);
  }

  .image-dialog form {
    display: flex;
    justify-content: flex-end;
  }
`;
