// Approvals and inline errors in <agent-chat>: the approval card, its comment and verdict, the error card.
import { css } from 'lit';

export const chatApprovalStyles = css`
  /* Approvals */

  .approval {
    display: grid;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-m);
    border: 1px solid var(--_agui-color-warning);
    border-inline-start-width: 4px;
    border-radius: var(--_agui-radius);
    background: var(--_agui-color-surface);
  }

  .approval p {
    margin: 0;
  }

  .approval[data-expired] {
    border-color: var(--_agui-color-border);
    border-inline-start-color: var(--_agui-color-danger);
  }

  .approval[data-expired] .approval-title {
    color: var(--_agui-color-text-muted);
  }

  .approval-title {
    display: flex;
    align-items: center;
    gap: var(--_agui-space-s);
    color: var(--_agui-color-warning);
    font-weight: 600;
  }

  .approval-message {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .approval-detail {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .approval-expired {
    color: var(--_agui-color-danger);
    font-weight: 600;
  }

  .approval-label {
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .approval textarea {
    inline-size: 100%;
    min-block-size: 2.5rem;
    padding: var(--_agui-space-xs) var(--_agui-space-s);
    border: 1px solid var(--_agui-color-border);
    border-radius: 0.375rem;
    background: var(--_agui-color-surface-raised);
    color: var(--_agui-color-text);
    font: inherit;
    resize: vertical;
  }

  .approval-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_agui-space-s);
  }

  .approval.answered {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-xs) var(--_agui-space-m);
    border-color: var(--_agui-color-border);
    border-inline-start-width: 1px;
    color: var(--_agui-color-text-muted);
    font-size: var(--_agui-font-size-small);
  }

  .approval.answered[data-answer='approved'] {
    border-inline-start: 4px solid var(--_agui-color-success);
  }

  .approval.answered[data-answer='denied'] {
    border-inline-start: 4px solid var(--_agui-color-danger);
  }

  .approval-verdict {
    display: inline-flex;
    align-items: center;
    gap: var(--_agui-space-xs);
    font-weight: 600;
    color: var(--_agui-color-text);
  }

  .approval-comment-text {
    overflow-wrap: anywhere;
  }

  /* Errors */

  .error {
    display: flex;
    gap: var(--_agui-space-s);
    padding: var(--_agui-space-m);
    border: 1px solid var(--_agui-color-danger);
    border-radius: var(--_agui-radius);
    color: var(--_agui-color-text);
  }

  .error-icon {
    display: inline-flex;
    color: var(--_agui-color-danger);
    padding-top: 0.15rem;
  }

  .error-body {
    display: grid;
    gap: var(--_agui-space-xs);
    min-width: 0;
  }

  .error-body p {
    margin: 0;
  }

  .error-title {
    font-weight: 600;
    color: var(--_agui-color-danger);
  }

  .error-reason {
    overflow-wrap: anywhere;
  }

  .error-hint {
    color: var(--_agui-color-text-muted);
  }

  .error-actions:empty {
    display: none;
  }

  .error-actions {
    margin-top: var(--_agui-space-xs);
  }
`;
