// Where approvals and `ui_render` artifacts sit in the transcript: at the tool call or message they belong to, kept
// (with their answer) after the store has moved on, until the thread changes or their message is gone.
import type { Approval, Artifact, ChatMessage } from '../../src/store/types.js';

/** An approval and the place it answers: a tool call (inside its message) or the end of a message. */
export interface AnchoredApproval {
  readonly approval: Approval;
  /** The message it shows in, or null for the end of the transcript. */
  readonly messageId: string | null;
  /** The tool call it shows under, if it answers one. */
  readonly toolCallId: string | null;
}

/** An artifact from the `ui_render` channel and the message it arrived after. */
export interface AnchoredArtifact {
  readonly artifact: Artifact;
  readonly messageId: string | null;
}

/** What shows at one message (or at the end): stable identity while nothing anchored there changes. */
export interface AnchoredItems {
  readonly approvals: readonly AnchoredApproval[];
  readonly artifacts: readonly AnchoredArtifact[];
}

export const NO_ITEMS: AnchoredItems = Object.freeze({ approvals: [], artifacts: [] });

function lastMessageOfRun(messages: readonly ChatMessage[], run: number): ChatMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.run === run) return message;
  }
  return undefined;
}

function messageWithToolCall(
  messages: readonly ChatMessage[],
  toolCallId: string,
): ChatMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ChatMessage;
    if (message.parts.some((part) => part.kind === 'tool-call' && part.id === toolCallId)) {
      return message;
    }
  }
  return undefined;
}

/** Keeps the anchors of approvals and `ui_render` artifacts across store states. */
export class TranscriptAnchors {
  private threadId: string | null = null;
  private readonly approvals = new Map<string, AnchoredApproval>();
  private readonly artifacts = new Map<string, AnchoredArtifact>();
  private seenApprovals: readonly Approval[] | null = null;
  private seenArtifacts: readonly Artifact[] | null = null;
  private seenLength = 0;
  private byMessage = new Map<string, AnchoredItems>();
  private atEnd: AnchoredItems = NO_ITEMS;

  /** Follows a new state; returns whether anything anchored changed. Costs O(1) for a streamed token. */
  update(
    threadId: string,
    messages: readonly ChatMessage[],
    approvals: readonly Approval[],
    artifacts: readonly Artifact[],
  ): boolean {
    let changed = false;
    if (threadId !== this.threadId) {
      changed = this.approvals.size > 0 || this.artifacts.size > 0;
      this.threadId = threadId;
      this.approvals.clear();
      this.artifacts.clear();
    }
    const shrank = messages.length < this.seenLength;
    this.seenLength = messages.length;
    if (approvals !== this.seenApprovals) {
      this.seenApprovals = approvals;
      changed = this.followApprovals(messages, approvals) || changed;
    }
    if (artifacts !== this.seenArtifacts) {
      this.seenArtifacts = artifacts;
      changed = this.followArtifacts(messages, artifacts) || changed;
    }
    if (shrank) changed = this.dropOrphans(messages) || changed;
    if (changed) this.rebuild();
    return changed;
  }

  /** Rebuilds the per-message lists (new identities), e.g. when an approval expires. */
  touch(): void {
    this.rebuild();
  }

  /** What shows at the end of this message. */
  at(messageId: string): AnchoredItems {
    return this.byMessage.get(messageId) ?? NO_ITEMS;
  }

  /** What shows after the last message. */
  get end(): AnchoredItems {
    return this.atEnd;
  }

  /** Every anchored approval, open or answered. */
  get allApprovals(): readonly AnchoredApproval[] {
    return [...this.approvals.values()];
  }

  private followApprovals(
    messages: readonly ChatMessage[],
    approvals: readonly Approval[],
  ): boolean {
    let changed = false;
    const current = new Set<string>();
    for (const approval of approvals) {
      current.add(approval.id);
      const known = this.approvals.get(approval.id);
      if (known) {
        if (known.approval !== approval) {
          this.approvals.set(approval.id, { ...known, approval });
          changed = true;
        }
        continue;
      }
      this.approvals.set(approval.id, this.anchorApproval(messages, approval));
      changed = true;
    }
    for (const [id, entry] of this.approvals) {
      // The store drops answered approvals when the next run starts: keep them, with their answer, as a record.
      if (!current.has(id) && entry.approval.answer === null) {
        this.approvals.delete(id);
        changed = true;
      }
    }
    return changed;
  }

  private anchorApproval(messages: readonly ChatMessage[], approval: Approval): AnchoredApproval {
    if (approval.toolCallId) {
      const owner = messageWithToolCall(messages, approval.toolCallId);
      if (owner) return { approval, messageId: owner.id, toolCallId: approval.toolCallId };
    }
    const owner = lastMessageOfRun(messages, approval.run) ?? messages[messages.length - 1];
    return { approval, messageId: owner?.id ?? null, toolCallId: null };
  }

  private followArtifacts(
    messages: readonly ChatMessage[],
    artifacts: readonly Artifact[],
  ): boolean {
    let changed = false;
    const current = new Set<string>();
    for (const artifact of artifacts) {
      if (artifact.source !== 'ui_render') continue;
      current.add(artifact.id);
      const known = this.artifacts.get(artifact.id);
      if (known) {
        if (known.artifact !== artifact) {
          this.artifacts.set(artifact.id, { ...known, artifact });
          changed = true;
        }
        continue;
      }
      const owner = messages[messages.length - 1];
      this.artifacts.set(artifact.id, { artifact, messageId: owner?.id ?? null });
      changed = true;
    }
    for (const id of this.artifacts.keys()) {
      if (!current.has(id)) {
        this.artifacts.delete(id);
        changed = true;
      }
    }
    return changed;
  }

  private dropOrphans(messages: readonly ChatMessage[]): boolean {
    const ids = new Set(messages.map((message) => message.id));
    let changed = false;
    for (const [id, entry] of this.approvals) {
      if (entry.messageId !== null && !ids.has(entry.messageId)) {
        this.approvals.delete(id);
        changed = true;
      }
    }
    for (const [id, entry] of this.artifacts) {
      if (entry.messageId !== null && !ids.has(entry.messageId)) {
        this.artifacts.delete(id);
        changed = true;
      }
    }
    return changed;
  }

  private rebuild(): void {
    const byMessage = new Map<
      string,
      { approvals: AnchoredApproval[]; artifacts: AnchoredArtifact[] }
    >();
    const end = { approvals: [] as AnchoredApproval[], artifacts: [] as AnchoredArtifact[] };
    const slot = (messageId: string | null) => {
      if (messageId === null) return end;
      let items = byMessage.get(messageId);
      if (!items) {
        items = { approvals: [], artifacts: [] };
        byMessage.set(messageId, items);
      }
      return items;
    };
    for (const entry of this.approvals.values()) slot(entry.messageId).approvals.push(entry);
    for (const entry of this.artifacts.values()) slot(entry.messageId).artifacts.push(entry);
    this.byMessage = byMessage;
    this.atEnd = end.approvals.length === 0 && end.artifacts.length === 0 ? NO_ITEMS : end;
  }
}
