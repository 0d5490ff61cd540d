// <agent-artifacts>: every artifact of a run, in order — render calls and ui_render events — filtered by cell, and
// the conversation's A2UI surfaces as titles that show them in the chat.
import { html, nothing, type ComplexAttributeConverter } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { componentName } from '../../src/artifacts/names.js';
import type { ArtifactRegistry } from '../../src/artifacts/registry.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { artifactMatchesCell, selectArtifactView } from '../../src/artifacts/view.js';
import type { Artifact, RunStoreState } from '../../src/store/types.js';
import { a2uiSurfaceEntries, type A2uiSurfaceEntry } from '../../src/a2ui/content.js';
import type { AgentArtifactStrings } from '../agent-artifact/agent-artifact.js';
import { AguiElement } from '../shared/agui-element.js';
import { renderArtifact } from '../shared/artifact-view.js';
import { hostStyles } from '../shared/host-styles.js';
import { partFailureStyles } from '../shared/part-failure.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { agentArtifactsStyles } from './agent-artifacts.styles.js';

/** Every visible string of `<agent-artifacts>`. */
export interface AgentArtifactsStrings {
  /** The accessible name of the list. */
  readonly label: string;
  /** Shown while there is no artifact to show; an empty string shows nothing. */
  readonly empty: string;
  /** After an A2UI surface's title: where pressing it goes. */
  readonly a2uiInConversation: string;
}

export const AGENT_ARTIFACTS_STRINGS: AgentArtifactsStrings = {
  label: 'Artifacts',
  empty: 'No artifacts yet.',
  a2uiInConversation: 'Interface in the conversation',
};

interface ListView {
  readonly artifacts: readonly Artifact[];
  readonly surfaces: readonly A2uiSurfaceEntry[];
  readonly runCellId: string | null;
}

const selectListView = (state: RunStoreState): ListView => ({
  artifacts: state.artifacts,
  surfaces: a2uiSurfaceEntries(state.messages),
  runCellId: selectArtifactView(state).cellId,
});

/** What the list shows: an artifact, or an A2UI surface (its title, a link to its turn). */
type Entry =
  | { readonly kind: 'artifact'; readonly artifact: Artifact; readonly run: number }
  | { readonly kind: 'a2ui'; readonly surface: A2uiSurfaceEntry; readonly run: number };

/** The chats that may show a surface: every <agent-chat> of the page (or its fallback tag). */
function revealInChats(messageId: string): void {
  for (const chat of document.querySelectorAll('agent-chat, agui-agent-chat')) {
    const reveal = (chat as { reveal?: (id: string) => boolean }).reveal;
    if (reveal?.call(chat, messageId)) return;
  }
}

/** Component names separated by spaces or commas. */
const namesConverter: ComplexAttributeConverter<readonly string[]> = {
  fromAttribute(value) {
    return (value ?? '').split(/[\s,]+/).filter(Boolean);
  },
  toAttribute(value) {
    return value.join(' ');
  },
};

/**
 * Every artifact of a run in order — from render tool calls and from the `ui_render` channel — each shown by
 * `<agent-artifact>`. With a `cell-id` (its own, else its run's) it shows only the artifacts of that cell, plus bar
 * charts without one; `components` narrows it to some components (e.g. `components="alert-banner"` for a banner
 * area) and `limit` to the newest few. Artifacts of the run's channel (source `channel`) are listed too, even
 * before any run.
 *
 * @tag agent-artifacts
 * @csspart list - The list.
 * @csspart item - One artifact.
 * @csspart empty - The message shown without artifacts.
 * @csspart a2ui-link - An A2UI surface of the conversation (source `a2ui`): its title, which shows it in the chat.
 * @cssprop [--agui-artifacts-gap=var(--agui-space-m)] - Space between artifacts.
 */
export class AgentArtifacts extends AguiElement {
  static override styles = [hostStyles, agentArtifactsStyles, partFailureStyles];

  private readonly list = new StoreController(this, selectListView, { equals: shallowEqual });

  /** Show only artifacts of this cell (and bar charts without one); default the run's `cell-id`. */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** Show only these components (any name form, separated by spaces or commas); empty shows all. */
  @property({ converter: namesConverter }) components: readonly string[] = [];

  /** Show only the newest this many of the matching artifacts (e.g. a banner area); empty shows all. */
  @property({ type: Number }) limit: number | null = null;

  /** The registry to validate with (default: the built-in one plus what the host registered). */
  @property({ attribute: false }) registry: ArtifactRegistry | null = null;

  /** Data lookups handed to each artifact's element. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentArtifactsStrings & AgentArtifactStrings> =
    {};

  /** The entries shown, in order: artifacts and A2UI surfaces by run (a surface lists only without a filter). */
  private entries(): Entry[] {
    const artifacts = this.visibleArtifacts.map((artifact): Entry => ({
      kind: 'artifact',
      artifact,
      run: artifact.run,
    }));
    const filtered = this.components.length > 0 || this.limit !== null;
    if (filtered || this.list.value.surfaces.length === 0) return artifacts;
    const surfaces = this.list.value.surfaces.map((surface): Entry => ({
      kind: 'a2ui',
      surface,
      run: surface.run,
    }));
    return [...artifacts, ...surfaces].sort((a, b) => a.run - b.run);
  }

  /** The artifacts shown, in order. */
  get visibleArtifacts(): Artifact[] {
    const { artifacts, runCellId } = this.list.value;
    const cellId = this.cellId?.trim() ? this.cellId : runCellId;
    const wanted = this.components.map(componentName);
    const matching = artifacts.filter(
      (artifact) =>
        artifactMatchesCell(artifact, cellId) &&
        (wanted.length === 0 || wanted.includes(componentName(artifact.name))),
    );
    const limit = this.limit;
    return limit !== null && limit >= 0 && Number.isFinite(limit)
      ? matching.slice(Math.max(0, matching.length - Math.floor(limit)))
      : matching;
  }

  protected override render() {
    const strings = this.locale.strings('agent-artifacts', AGENT_ARTIFACTS_STRINGS, this.strings);
    const visible = this.entries();
    const cellId = this.cellId?.trim() ? this.cellId : this.list.value.runCellId;
    if (visible.length === 0) {
      return strings.empty ? html`<p part="empty" class="empty">${strings.empty}</p>` : nothing;
    }
    return html`<ul part="list" class="list" aria-label=${strings.label}>
      ${repeat(
        visible,
        (entry) =>
          entry.kind === 'artifact'
            ? entry.artifact.id
            : `a2ui:${entry.surface.messageId}:${entry.surface.surfaceId}`,
        (entry) => {
          if (entry.kind === 'a2ui') {
            const { surface } = entry;
            return html`<li part="item" data-source="a2ui">
              <button
                part="a2ui-link"
                class="a2ui-link"
                type="button"
                @click=${() => revealInChats(surface.messageId)}
              >
                ${surface.title}<span class="a2ui-where">${strings.a2uiInConversation}</span>
              </button>
            </li>`;
          }
          const { artifact } = entry;
          return html`<li part="item">
            ${renderArtifact(artifact, {
              registry: this.registry,
              resolver: this.resolver,
              theme: this.theme ?? null,
              strings: this.strings,
              cellId,
              store: this.store ? this.list.store : null,
              lang: this.locale.lang,
            })}
          </li>`;
        },
      )}
    </ul>`;
  }
}
