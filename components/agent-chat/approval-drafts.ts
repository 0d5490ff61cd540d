// The comments a person is writing on open approvals: drafts, so they stay in the element until sent.
import type { Approval } from '../../src/store/types.js';

export class ApprovalDrafts {
  private readonly comments = new Map<string, string>();
  private readonly ids = new Map<string, string>();

  /** The draft comment of an approval ('' when none). */
  comment(approval: Approval): string {
    return this.comments.get(approval.id) ?? '';
  }

  /** The trimmed comment to send, if any. */
  answer(approval: Approval): { comment?: string } {
    const comment = this.comments.get(approval.id)?.trim();
    return comment ? { comment } : {};
  }

  set(approval: Approval, value: string): void {
    this.comments.set(approval.id, value);
  }

  clear(): void {
    this.comments.clear();
  }

  /** A stable id for the approval's comment field (its label points at it). */
  fieldId(approval: Approval): string {
    let id = this.ids.get(approval.id);
    if (!id) {
      id = `approval-comment-${this.ids.size + 1}`;
      this.ids.set(approval.id, id);
    }
    return id;
  }
}
