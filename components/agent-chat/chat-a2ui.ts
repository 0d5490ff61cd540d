// The chat's side of A2UI surfaces: their building, retrying and failed states in words (no renderer needed), the
// renderer part asked for with the first painted surface (never before), and a person's actions: a cancelable
// `a2ui-action` on the chat, then a run with the middleware's `userAction`, refused while a reply is on its way.
import { html, nothing, type CSSResult, type TemplateResult } from 'lit';
import { A2UI_ACTIVITY_TYPE, readA2uiContent, type A2uiContent } from '../../src/a2ui/content.js';
import type { ChatMessage, RunStoreState } from '../../src/store/types.js';
import type { RunStore } from '../../src/store/run-store.js';
import { loadPart, type PartModule } from '../parts/load-part.js';
import { renderPartFailure } from '../shared/part-failure.js';
import { format } from '../shared/strings.js';
import { A2uiActionEvent } from './events.js';
import type { AgentChatStrings } from './strings.js';

type Renderer = PartModule<'a2ui'>;

/** Tags the renderer registers at import: one the page already defined would make its import throw. */
const RENDERER_TAGS = [
  'a2ui-surface',
  'a2ui-basic-text',
  'a2ui-basic-button',
  'a2ui-basic-textfield',
];

/** What the chat lends this controller. */
export interface ChatA2uiHost {
  readonly element: HTMLElement;
  store(): RunStore | null;
  text(): AgentChatStrings;
  /** Markdown of a surface's body text. */
  renderText(text: string): unknown;
  /** `allow-remote-images`: whether a surface's media may load http(s) URLs. */
  remoteMedia(): boolean;
  /** The URL rules of the chat's markdown module (null until it has loaded). */
  urls(): {
    imageSource(value: string, remote: boolean): string | null;
    mediaSource(value: string, remote: boolean): string | null;
    safeHref(value: string): string | null;
  } | null;
  announce(text: string): void;
  /** Everything shown changed (the renderer arrived, a surface became inert): render every row again. */
  changed(styles?: CSSResult): void;
}

/** Scrolls an activity message of this chat into view and focuses it; false when the chat does not show it. */
export function revealActivity(root: ParentNode, messageId: string): boolean {
  const target = [...root.querySelectorAll<HTMLElement>('[data-message-id]')].find(
    (element) => element.dataset.messageId === messageId,
  );
  if (!target) return false;
  target.scrollIntoView({ block: 'nearest' });
  target.focus({ preventScroll: true });
  return true;
}

export const isA2uiActivity = (message: ChatMessage) =>
  message.role === 'activity' && message.activityType === A2UI_ACTIVITY_TYPE;

export class ChatA2ui {
  private module: Renderer | null = null;
  private failure: unknown = null;
  private requested = false;
  private surfaces: InstanceType<Renderer['A2uiSurfaces']> | null = null;
  /** The surface whose action started the run now open, by run number. */
  private pending: { readonly surfaceId: string; readonly run: number } | null = null;
  /** Surfaces whose last action was refused (a reply was on its way). */
  private readonly refused = new Set<string>();
  /** The state last announced for each surface message. */
  private readonly announced = new Map<string, string>();
  private store: RunStore | null = null;

  constructor(private readonly host: ChatA2uiHost) {}

  /** Follows the state: announces state changes, asks for the renderer with the first painted surface. */
  follow(state: Pick<RunStoreState, 'messages' | 'run'>, store: RunStore | null): void {
    if (store !== this.store) {
      this.store = store;
      this.surfaces?.dispose();
      this.surfaces = null;
      this.announced.clear();
    }
    let painted = false;
    for (const message of state.messages) {
      if (!isA2uiActivity(message)) continue;
      const content = readA2uiContent(message.activityContent);
      if (content.kind === 'painted') painted = true;
      this.announce(message, content);
    }
    if (painted) this.load();
    const pending = this.pending;
    const open = state.run.status === 'Connecting' || state.run.status === 'Streaming';
    if (pending && !(open && state.run.number === pending.run)) {
      this.pending = null;
      this.host.changed();
    }
    // "Wait for the current reply to finish" holds only while that reply is on its way.
    if (!open && state.run.status !== 'Needs approval' && this.refused.size > 0) {
      this.refused.clear();
      this.host.changed();
    }
  }

  /** One `a2ui-surface` activity message in its turn. */
  render(message: ChatMessage): TemplateResult {
    const text = this.host.text();
    const content = readA2uiContent(message.activityContent);
    const refusal = message.activityRefused
      ? html`<p class="a2ui-note" role="status">
          ${format(text.a2uiRefused, { reason: message.activityRefused })}
        </p>`
      : nothing;
    return html`<div
      class="a2ui"
      part="a2ui-surface"
      data-message-id=${message.id}
      tabindex="-1"
      role="group"
      aria-label=${this.host.text().a2uiLabel}
    >
      ${refusal}${this.renderContent(message, content, text)}
    </div>`;
  }

  dispose(): void {
    this.surfaces?.dispose();
    this.surfaces = null;
  }

  private renderContent(message: ChatMessage, content: A2uiContent, text: AgentChatStrings) {
    switch (content.kind) {
      case 'building':
        return html`<p class="a2ui-state" data-state="building">
          ${stateSentence(content, text)}
        </p>`;
      case 'retrying':
        return html`<p class="a2ui-state" data-state="retrying">${stateSentence(content, text)}</p>
          ${errorDetails(content.errors, content.debugExposure, text)}`;
      case 'failed':
        return html`<p class="a2ui-state a2ui-failed" data-state="failed">
          ${stateSentence(content, text)}
        </p>`;
      case 'legacy':
        return html`<p class="a2ui-note">${text.a2uiLegacy}</p>`;
      case 'invalid':
        return html`<p class="a2ui-note">
          ${format(text.a2uiInvalid, { reason: content.reason })}
        </p>`;
      case 'painted':
        return this.renderPainted(message, content.operations, text);
    }
  }

  private renderPainted(
    message: ChatMessage,
    operations: Extract<A2uiContent, { kind: 'painted' }>['operations'],
    text: AgentChatStrings,
  ) {
    if (this.failure) {
      const taken = this.failure instanceof TagTaken ? this.failure.tag : null;
      return taken
        ? html`<p class="a2ui-note" role="status">${format(text.a2uiTagTaken, { tag: taken })}</p>`
        : renderPartFailure(text.a2uiRenderer, this.failure, text.partUnavailable);
    }
    const surfaces = this.renderer();
    if (!surfaces) return html`<p class="a2ui-state">${text.a2uiLoading}</p>`;
    const shown = surfaces.render({ id: message.id, operations, edits: message.a2uiEdits }, text);
    const owned = surfaces.ownedSurfaces(message.id);
    const pending = this.pending !== null && owned.includes(this.pending.surfaceId);
    const refused = owned.some((id) => this.refused.has(id));
    return html`<div
        class="a2ui-surfaces"
        ?inert=${pending}
        aria-busy=${pending ? 'true' : 'false'}
      >
        ${shown}
      </div>
      ${pending ? html`<p class="a2ui-state" role="status">${text.a2uiPending}</p>` : nothing}
      ${refused ? html`<p class="a2ui-note" role="alert">${text.a2uiWait}</p>` : nothing}`;
  }

  private renderer(): InstanceType<Renderer['A2uiSurfaces']> | null {
    // Surfaces wait for the chat's markdown too: their text and URL rules come from it.
    if (!this.module || !this.host.urls()) return null;
    this.surfaces ??= new this.module.A2uiSurfaces({
      renderText: (source) => this.host.renderText(source),
      remoteMedia: () => this.host.remoteMedia(),
      urls: () => this.host.urls(),
      action: (_messageId, action) => this.act(action),
      edited: (messageId, surfaceId, edits) =>
        this.store?.editA2uiSurface(messageId, surfaceId, edits),
      changed: () => this.host.changed(),
    });
    return this.surfaces;
  }

  private load(): void {
    if (this.requested) return;
    this.requested = true;
    const taken = RENDERER_TAGS.find((tag) => customElements.get(tag) && !this.module);
    if (taken && !isOurs(taken)) {
      this.failure = new TagTaken(taken);
      this.host.changed();
      return;
    }
    loadPart('a2ui').then(
      (module) => {
        this.module = module;
        this.host.changed(module.a2uiStyles);
      },
      (error: unknown) => {
        this.failure = error;
        this.host.changed();
      },
    );
  }

  private act(action: {
    name: string;
    surfaceId: string;
    sourceComponentId: string;
    context?: Record<string, unknown>;
    timestamp: string;
  }): void {
    const detail = {
      surfaceId: action.surfaceId,
      name: action.name,
      sourceComponentId: action.sourceComponentId,
      context: action.context ?? {},
    };
    const event = new A2uiActionEvent(detail);
    this.host.element.dispatchEvent(event);
    if (event.defaultPrevented) return;
    const store = this.store;
    if (!store) return;
    const sent = store.sendA2uiAction({ ...detail, timestamp: action.timestamp });
    if (sent) {
      this.refused.delete(action.surfaceId);
      this.pending = { surfaceId: action.surfaceId, run: store.getState().run.number };
    } else {
      this.refused.add(action.surfaceId);
      this.host.announce(this.host.text().a2uiWait);
    }
    this.host.changed();
  }

  /** Announces a surface's building, retrying and failed states once each (politely, in the chat's live region). */
  private announce(message: ChatMessage, content: A2uiContent): void {
    const sentence =
      content.kind === 'retrying' || content.kind === 'failed'
        ? stateSentence(content, this.host.text())
        : content.kind === 'building'
          ? this.host.text().a2uiBuilding
          : null;
    const before = this.announced.get(message.id);
    if (sentence === null || sentence === before) return;
    const first = before === undefined;
    this.announced.set(message.id, sentence);
    // A restored thread's surfaces are not news.
    if (!(first && message.run < (this.store?.getState().run.number ?? 0)))
      this.host.announce(sentence);
  }
}

class TagTaken extends Error {
  constructor(readonly tag: string) {
    super(`<${tag}> is already defined`);
  }
}

/** A renderer tag defined by an earlier chat of this page (the part registers them once for all). */
function isOurs(tag: string): boolean {
  return customElements.get('agui-a2ui-text') !== undefined && tag.startsWith('a2ui-');
}

function stateSentence(content: A2uiContent, text: AgentChatStrings): string {
  switch (content.kind) {
    case 'building':
      return content.progressTokens === null
        ? text.a2uiBuilding
        : format(text.a2uiBuildingProgress, { tokens: content.progressTokens });
    case 'retrying':
      return format(text.a2uiRetrying, { attempt: content.attempt, max: content.maxAttempts });
    case 'failed':
      return format(text.a2uiFailed, { error: content.error });
    default:
      return '';
  }
}

function errorDetails(
  errors: readonly string[],
  exposure: 'hidden' | 'collapsed' | 'verbose',
  text: AgentChatStrings,
) {
  if (exposure === 'hidden' || errors.length === 0) return nothing;
  return html`<details class="a2ui-errors" ?open=${exposure === 'verbose'}>
    <summary>${text.a2uiErrors}</summary>
    <ul>
      ${errors.map((error) => html`<li>${error}</li>`)}
    </ul>
  </details>`;
}
