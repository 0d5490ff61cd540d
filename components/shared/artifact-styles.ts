// The shared look of the artifact elements: a card, its header, loading skeleton, error with Retry, and notes.
import { css } from 'lit';

/** Card styles every artifact element adds after `hostStyles` and `buttonStyles`. */
export const artifactCardStyles = css`
  .base {
    display: grid;
    margin: 0;
    gap: var(--agui-card-gap, var(--agui-space-m));
    min-width: 0;
    padding: var(--agui-card-padding, var(--agui-space-l));
    border: 1px solid var(--agui-card-border-color, var(--agui-color-border));
    border-radius: var(--agui-card-radius, var(--agui-radius));
    background: var(--agui-card-background, var(--agui-color-surface));
    overflow-wrap: anywhere;
  }

  .header {
    display: grid;
    gap: var(--agui-space-xs);
    min-width: 0;
  }

  .title {
    margin: 0;
    font-size: 1.0625rem;
    line-height: 1.3;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--agui-space-xs) var(--agui-space-m);
    margin: 0;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }

  .badge {
    display: inline-flex;
    align-items: center;
    gap: var(--agui-space-xs);
    padding: 0 var(--agui-space-s);
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: var(--agui-font-size-small);
    line-height: 1.5;
  }

  .note {
    margin: 0;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }

  .note.warning {
    color: var(--agui-color-warning);
  }

  .skeleton {
    display: grid;
    gap: var(--agui-space-s);
  }

  .skeleton-line,
  .skeleton-block {
    border-radius: calc(var(--agui-radius) / 2);
    background: linear-gradient(
      90deg,
      var(--agui-color-surface-raised) 0%,
      var(--agui-color-grid) 50%,
      var(--agui-color-surface-raised) 100%
    );
    background-size: 200% 100%;
    animation: agui-shimmer 1.4s ease-in-out infinite;
  }

  .skeleton-line {
    height: 0.875rem;
    width: 60%;
  }

  .skeleton-line.short {
    width: 35%;
  }

  .skeleton-block {
    height: var(--agui-skeleton-height, 10rem);
  }

  @keyframes agui-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .skeleton-line,
    .skeleton-block {
      animation: none;
    }
  }

  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--agui-space-s) var(--agui-space-m);
    padding: var(--agui-space-m);
    border: 1px solid var(--agui-color-danger);
    border-radius: var(--agui-radius);
    color: var(--agui-color-text);
  }

  .error p {
    flex: 1 1 14rem;
    min-width: 0;
    margin: 0;
  }

  .error strong {
    color: var(--agui-color-danger);
  }

  table {
    border-collapse: collapse;
    font-size: var(--agui-font-size-small);
    font-variant-numeric: tabular-nums;
  }

  th,
  td {
    padding: var(--agui-space-xs) var(--agui-space-s);
    border-bottom: 1px solid var(--agui-color-grid);
    text-align: start;
  }

  caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: var(--agui-space-xs);
  }

  .table-scroll {
    /* Positioned, so visually hidden text inside scrolls with the table instead of widening the page. */
    position: relative;
    min-width: 0;
    max-width: 100%;
    overflow-x: auto;
  }

  details > summary {
    cursor: pointer;
    font-size: var(--agui-font-size-small);
    color: var(--agui-color-text-muted);
  }

  details[open] > summary {
    margin-block-end: var(--agui-space-s);
  }
`;
