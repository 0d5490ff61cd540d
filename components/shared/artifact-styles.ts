// The shared look of the artifact elements: a card, its header, loading skeleton, error with Retry, and notes.
import { css } from 'lit';

/** Card styles every artifact element adds after `hostStyles` and `buttonStyles`. */
export const artifactCardStyles = css`
  .base {
    display: grid;
    margin: 0;
    gap: var(--agui-card-gap, var(--_agui-space-m));
    min-width: 0;
    padding: var(--agui-card-padding, var(--_agui-space-l));
    border: 1px solid var(--agui-card-border-color, var(--_agui-color-border));
    border-radius: var(--agui-card-radius, var(--_agui-radius));
    background: var(--agui-card-background, var(--_agui-color-surface));
    overflow-wrap: anywhere;
  }

  .header {
    display: grid;
    gap: var(--_agui-space-xs);
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
    gap: var(--_agui-space-xs) var(--_agui-space-m);
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .badge {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    padding: 0 var(--_agui-space-s);
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: var(--_agui-font-size-small);
    line-height: 1.5;
  }

  .note {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .note.warning {
    color: var(--_agui-color-warning);
  }

  .skeleton {
    display: grid;
    gap: var(--_agui-space-s);
  }

  .skeleton-line,
  .skeleton-block {
    border-radius: calc(var(--_agui-radius) / 2);
    background: linear-gradient(
      90deg,
      var(--_agui-color-surface-raised) 0%,
      var(--_agui-color-grid) 50%,
      var(--_agui-color-surface-raised) 100%
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
    gap: var(--_agui-space-s) var(--_agui-space-m);
    padding: var(--_agui-space-m);
    border: 1px solid var(--_agui-color-danger);
    border-radius: var(--_agui-radius);
    color: var(--_agui-color-text);
  }

  .error p {
    flex: 1 1 14rem;
    min-width: 0;
    margin: 0;
  }

  .error strong {
    color: var(--_agui-color-danger);
  }

  table {
    border-collapse: collapse;
    font-size: var(--_agui-font-size-small);
    font-variant-numeric: tabular-nums;
  }

  th,
  td {
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border-bottom: 1px solid var(--_agui-color-grid);
    text-align: start;
  }

  caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: var(--_agui-space-xs);
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
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  details[open] > summary {
    margin-block-end: var(--_agui-space-s);
  }
`;
