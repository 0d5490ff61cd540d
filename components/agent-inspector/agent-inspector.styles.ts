// Styles of <agent-inspector>: toolbar, the virtualized events table, the detail panel.
import { css } from 'lit';

export const agentInspectorStyles = css`
  :host {
    container-type: inline-size;
  }

  .base {
    display: grid;
    gap: var(--_agui-space-s);
    padding: var(--agui-inspector-padding, var(--_agui-space-m));
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
  }

  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
  }

  .title {
    font-weight: 600;
    margin-inline-end: auto;
  }

  .toolbar label {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    font-size: var(--_agui-font-size-small);
  }

  select,
  input {
    font: inherit;
    min-height: 2.25rem;
    padding: 0 var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
    color: var(--_agui-color-text);
    max-width: 100%;
  }

  input[type='search'] {
    width: 11rem;
  }

  .status {
    margin: 0;
    font-size: var(--_agui-font-size-small);
    color: var(--_agui-color-text-muted);
  }

  .panes {
    display: grid;
    gap: var(--_agui-space-s);
    grid-template-columns: minmax(0, 1fr);
  }

  @container (min-width: 52rem) {
    .panes {
      grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    }
  }

  .scroller,
  .detail {
    height: var(--agui-inspector-height, 22rem);
    overflow: auto;
    border: 1px solid var(--_agui-color-border);
    border-radius: var(--_agui-radius);
    overscroll-behavior: contain;
    /* The rows in view change as it scrolls: scroll anchoring would move the position it was set to. */
    overflow-anchor: none;
  }

  table {
    width: 100%;
    table-layout: fixed;
    border-collapse: collapse;
    font-size: var(--_agui-font-size-small);
    font-variant-numeric: tabular-nums;
  }

  col.time {
    width: 6.25rem;
  }

  col.type {
    width: 14rem;
  }

  col.size {
    width: 4.5rem;
  }

  th,
  td {
    height: 32px;
    padding: 0 var(--_agui-space-s);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    text-align: start;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: var(--_agui-color-surface-raised);
    border-bottom: 1px solid var(--_agui-color-border);
  }

  tr.row {
    height: 32px;
    cursor: pointer;
    border-bottom: 1px solid var(--_agui-color-grid);
  }

  tr.row:hover {
    background: var(--_agui-color-surface-raised);
  }

  tr.row[aria-current='true'] {
    background: color-mix(in srgb, var(--_agui-color-accent) 18%, transparent);
  }

  tr.row:focus-visible {
    outline: var(--agui-focus-ring);
    outline-offset: -2px;
  }

  tr.failed td {
    color: var(--_agui-color-danger);
  }

  tr.spacer td {
    padding: 0;
    height: auto;
  }

  td.size,
  th:last-child {
    text-align: end;
  }

  .badge {
    display: inline-block;
    padding: 0 var(--_agui-space-xs);
    border: 1px solid currentColor;
    border-radius: 0.25rem;
    font-size: 0.75rem;
    font-weight: 600;
    color: var(--_agui-color-danger);
  }

  .badge.side {
    color: var(--_agui-color-text-muted);
  }

  .origin {
    color: var(--_agui-color-text-muted);
  }

  .detail {
    padding: var(--_agui-space-s);
  }

  .detail h3,
  .detail h4 {
    margin: 0 0 var(--_agui-space-xs);
    font-size: var(--_agui-font-size);
  }

  .detail h4 {
    margin-top: var(--_agui-space-s);
    font-size: var(--_agui-font-size-small);
  }

  .muted,
  .hint,
  .changes {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
    font-weight: 400;
  }

  .failure {
    color: var(--_agui-color-danger);
    margin: var(--_agui-space-xs) 0;
  }

  pre.json {
    margin: 0;
    padding: var(--_agui-space-s);
    overflow: auto;
    background: var(--_agui-color-surface-raised);
    border-radius: 0.25rem;
    font-size: 0.75rem;
    line-height: 1.4;
  }

  mark {
    background: color-mix(in srgb, var(--_agui-color-warning) 35%, transparent);
    color: inherit;
  }

  @container (max-width: 30rem) {
    col.time {
      width: 4.75rem;
    }

    col.type {
      width: 8.5rem;
    }

    /* The size stays in the detail panel; the summary gets the room (a collapsed column keeps its share). */
    col.size {
      visibility: collapse;
    }

    table {
      width: calc(100% + 4.5rem);
    }

    input[type='search'] {
      width: 100%;
    }

    .toolbar label {
      flex: 1 1 10rem;
    }
  }
`;
