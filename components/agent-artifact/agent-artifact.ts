// <agent-artifact>: one artifact — a placeholder while its props stream, the validated element, or a fallback that
// names the problem. Nothing an agent sends makes it throw.
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ref } from 'lit/directives/ref.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { artifactRegistry } from '../../src/artifacts/builtins.js';
import { componentWords } from '../../src/artifacts/names.js';
import type {
  ArtifactCheck,
  ArtifactOrigin,
  ArtifactRegistry,
} from '../../src/artifacts/registry.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import { artifactMatchesCell, selectArtifactView } from '../../src/artifacts/view.js';
import { isRunOpen } from '../../src/store/reducer.js';
import type { Artifact, RunInfo, RunStoreState, ToolCallPart } from '../../src/store/types.js';
import { AguiElement } from '../shared/agui-element.js';
import { artifactCardStyles } from '../shared/artifact-styles.js';
import { artifactElementTag } from '../shared/artifact-view.js';
import { requestElement } from '../element-requests.js';
import { hostStyles } from '../shared/host-styles.js';
import { ARTIFACT_VIEW_UNAVAILABLE, partFailureReason } from '../shared/part-failure.js';
import { shallowEqual, StoreController } from '../shared/store-controller.js';
import { format } from '../shared/strings.js';
import { agentArtifactStyles } from './agent-artifact.styles.js';

/** Every visible string of `<agent-artifact>`; `{…}` placeholders are filled in. */
export interface AgentArtifactStrings {
  readonly preparing: string;
  readonly interrupted: string;
  readonly failedCall: string;
  readonly invalidTitle: string;
  readonly invalidLead: string;
  readonly refusedLead: string;
  readonly errorLead: string;
  readonly unsupportedTitle: string;
  readonly unsupportedText: string;
  readonly rawProps: string;
  readonly elementFailed: string;
  /** In place of the artifact when `<agent-artifact>` itself could not load (`renderArtifact`). */
  readonly viewUnavailable: string;
}

export const AGENT_ARTIFACT_STRINGS: AgentArtifactStrings = {
  preparing: 'Preparing the {label}…',
  interrupted: 'The {label} did not arrive: its render call ended before its props were complete.',
  failedCall: 'The {label} could not be shown: {error}',
  invalidTitle: 'The {label} could not be shown',
  invalidLead: 'Its props are invalid:',
  refusedLead: 'Its props were refused:',
  errorLead: 'Its props could not be checked:',
  unsupportedTitle: 'Unsupported artifact',
  unsupportedText: 'This page has no element for “{name}”.',
  rawProps: 'Raw props',
  elementFailed: 'Its element could not be loaded: {error}',
  viewUnavailable: ARTIFACT_VIEW_UNAVAILABLE,
};

/** What the element shows, read from `.artifact` or from `component` and `.props`. */
interface Shown {
  readonly name: string;
  readonly props: unknown;
  readonly complete: boolean;
  readonly origin: ArtifactOrigin;
  /** Why the render call failed (arguments that are not JSON), if it did. */
  readonly error: string | null;
  readonly id: string | null;
  readonly run: number | null;
}

interface RunView {
  readonly run: RunInfo;
  readonly artifacts: readonly Artifact[];
  readonly cellId: string | null;
}

const selectRunView = (state: RunStoreState): RunView => ({
  run: state.run,
  artifacts: state.artifacts,
  cellId: selectArtifactView(state).cellId,
});

function isToolCallPart(value: Artifact | ToolCallPart): value is ToolCallPart {
  return (value as ToolCallPart).kind === 'tool-call';
}

function rawJson(value: unknown): string {
  if (value === undefined) return '(none)';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One artifact: a store artifact or a render tool call part (`.artifact`), or a component named by `component` with
 * `.props`. While a render call's arguments stream it shows a placeholder; when the call ends it validates the props
 * against the artifact registry (loading the schemas, and zod, the first time) and shows the artifact's element
 * (under the tag actually registered) with the validated props. Invalid or refused props show a fallback naming
 * the problem; an unknown component shows an "Unsupported artifact" card; both keep the raw props in a disclosure.
 * An artifact of another cell than `cell-id` (else its run's) shows nothing.
 *
 * @tag agent-artifact
 * @csspart placeholder - The placeholder shown while the props stream or are checked.
 * @csspart element - The artifact's element.
 * @csspart fallback - The card shown for invalid or refused props, a failed call, or an unknown component.
 * @csspart problems - The list of problems in the fallback.
 * @csspart raw - The disclosure holding the raw props.
 * @cssprop [--agui-card-padding=var(--agui-space-l)] - Padding of the placeholder and fallback.
 * @cssprop [--agui-card-background=var(--agui-color-surface)] - Background of the placeholder and fallback.
 * @cssprop [--agui-card-border-color=var(--agui-color-border)] - Border of the placeholder.
 * @cssprop [--agui-card-radius=var(--agui-radius)] - Corner radius.
 */
export class AgentArtifact extends AguiElement {
  static override styles = [hostStyles, artifactCardStyles, agentArtifactStyles];

  private readonly runView = new StoreController(this, selectRunView, { equals: shallowEqual });
  private checkedKey: readonly unknown[] = [];
  private checkToken = 0;
  private registryVersion = 0;
  private stopListening: (() => void) | null = null;
  private listeningTo: ArtifactRegistry | null = null;

  @state() private check: ArtifactCheck | null = null;
  private readonly elementLoads = new Map<string, 'pending' | { readonly error: unknown }>();

  /** A store artifact or a chat message's render tool call part; wins over `component` and `props`. */
  @property({ attribute: false }) artifact: Artifact | ToolCallPart | null = null;

  /** A component name in any form (`signal-chart`, `signal_chart`, `SignalChart`), used with `.props`. */
  @property() component: string | null = null;

  /** The props of `component`. */
  @property({ attribute: false }) props: unknown = undefined;

  /**
   * Show the artifact only if it belongs to this cell (bar charts without a cell always show); null uses its run's
   * `cell-id`. A component given by `component` and `.props` is always shown.
   */
  @property({ attribute: 'cell-id' }) cellId: string | null = null;

  /** The registry to validate with; null uses the default one (built-ins plus what the host registered). */
  @property({ attribute: false }) registry: ArtifactRegistry | null = null;

  /** Data lookups handed to the artifact's element, when it takes them. */
  @property({ attribute: false }) resolver: ArtifactDataResolver | null = null;

  /** Replacements for the default strings (a partial object merged over them). */
  @property({ attribute: false }) strings: Partial<AgentArtifactStrings> = {};

  override connectedCallback(): void {
    super.connectedCallback();
    this.listen();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
    this.stopListening = null;
    this.listeningTo = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('registry') && this.isConnected) this.listen();
    const shown = this.shown();
    if (!shown || !shown.complete || shown.error !== null) {
      this.checkedKey = [];
      this.check = null;
      return;
    }
    const registry = this.activeRegistry();
    const key = [shown.name, shown.props, shown.origin, registry, this.registryVersion];
    if (key.every((item, index) => Object.is(item, this.checkedKey[index]))) return;
    this.checkedKey = key;
    const token = (this.checkToken += 1);
    const now = registry.checkNow(shown.name, shown.props, shown.origin);
    if (now) {
      this.check = now;
      return;
    }
    this.check = null;
    void registry.check(shown.name, shown.props, shown.origin).then((result) => {
      if (token === this.checkToken) this.check = result;
    });
  }

  private activeRegistry(): ArtifactRegistry {
    return this.registry ?? artifactRegistry;
  }

  private listen(): void {
    const registry = this.activeRegistry();
    if (this.listeningTo === registry) return;
    this.stopListening?.();
    this.listeningTo = registry;
    this.stopListening = registry.onChange(() => {
      // A host registered (or removed) an artifact: check again.
      this.registryVersion += 1;
      this.requestUpdate();
    });
  }

  private shown(): Shown | null {
    const artifact = this.artifact;
    if (artifact && isToolCallPart(artifact)) {
      const recorded = this.runView.value.artifacts.find((item) => item.id === artifact.id);
      return {
        name: artifact.name,
        props: artifact.args,
        complete: artifact.status !== 'streaming',
        origin: 'tool-call',
        error: artifact.error ?? null,
        id: artifact.id,
        run: recorded?.run ?? null,
      };
    }
    if (artifact) {
      return {
        name: artifact.name,
        props: artifact.props,
        complete: artifact.complete,
        origin: artifact.source === 'tool-call' ? 'tool-call' : 'ui_render',
        error: null,
        id: artifact.id,
        run: artifact.run,
      };
    }
    if (!this.component?.trim()) return null;
    return {
      name: this.component,
      props: this.props,
      complete: true,
      origin: 'element',
      error: null,
      id: null,
      run: null,
    };
  }

  /** A render call that stopped streaming without ending: its run is over, or a later run started. */
  private interrupted(shown: Shown): boolean {
    if (shown.run === null) return false;
    const { run } = this.runView.value;
    if (run.number === 0) return false;
    return shown.run < run.number || !isRunOpen(run);
  }

  private label(name: string): string {
    return this.activeRegistry().get(name)?.label ?? componentWords(name);
  }

  private renderRaw(props: unknown, strings: AgentArtifactStrings) {
    return html`<details part="raw">
      <summary>${strings.rawProps}</summary>
      <pre>${rawJson(props)}</pre>
    </details>`;
  }

  private renderPlaceholder(text: string, busy: boolean) {
    return html`<div
      part="placeholder"
      class="placeholder"
      role="status"
      aria-busy=${busy ? 'true' : 'false'}
    >
      ${busy ? html`<span class="skeleton-line" aria-hidden="true"></span>` : nothing}
      <p>${text}</p>
    </div>`;
  }

  private renderFallback(
    title: string,
    lead: string | null,
    problems: readonly string[],
    props: unknown,
    strings: AgentArtifactStrings,
    kind: 'invalid' | 'unsupported',
  ): TemplateResult {
    return html`<section
      part="fallback"
      class="base fallback ${kind}"
      aria-labelledby="fallback-title"
    >
      <h3 id="fallback-title" class="title">${title}</h3>
      ${lead ? html`<p class="note">${lead}</p>` : nothing}
      ${
        problems.length > 0
          ? html`<ul part="problems" class="problems">
              ${problems.map((problem) => html`<li>${problem}</li>`)}
            </ul>`
          : nothing
      }
      ${this.renderRaw(props, strings)}
    </section>`;
  }

  /**
   * Whether the element of an artifact's kind is there: the script-tag ES module loads each kind's element with the
   * first artifact of that kind, and this element renders again once it has arrived (or failed to).
   */
  private elementLoading(tag: string): 'ready' | 'pending' | { readonly error: unknown } {
    const known = this.elementLoads.get(tag);
    if (known) return known;
    const request = requestElement(tag);
    if (!request) return 'ready';
    this.elementLoads.set(tag, 'pending');
    request
      .then(
        () => this.elementLoads.delete(tag),
        (error: unknown) => this.elementLoads.set(tag, { error }),
      )
      .finally(() => this.requestUpdate());
    return 'pending';
  }

  /** Hands the artifact's element this element's store and resolver, when it takes them. */
  private configureElement = (element: Element | undefined) => {
    if (!element) return;
    const store = this.runView.store;
    if (store && this.store && 'store' in element) (element as { store: unknown }).store = store;
    if (this.resolver && 'resolver' in element) {
      (element as { resolver: ArtifactDataResolver | null }).resolver = this.resolver;
    }
  };

  protected override render() {
    const strings = this.locale.strings('agent-artifact', AGENT_ARTIFACT_STRINGS, this.strings);
    const shown = this.shown();
    if (!shown) return nothing;
    if (
      shown.origin !== 'element' &&
      !artifactMatchesCell(shown, this.cellId ?? this.runView.value.cellId)
    ) {
      return nothing;
    }
    const label = this.label(shown.name);
    if (shown.error !== null) {
      return this.renderFallback(
        format(strings.invalidTitle, { label }),
        null,
        [format(strings.failedCall, { label, error: shown.error })],
        shown.props,
        strings,
        'invalid',
      );
    }
    if (!shown.complete) {
      return this.interrupted(shown)
        ? this.renderPlaceholder(format(strings.interrupted, { label }), false)
        : this.renderPlaceholder(format(strings.preparing, { label }), true);
    }
    const check = this.check;
    if (!check) return this.renderPlaceholder(format(strings.preparing, { label }), true);
    switch (check.status) {
      case 'unknown':
        return this.renderFallback(
          strings.unsupportedTitle,
          format(strings.unsupportedText, { name: shown.name }),
          [],
          shown.props,
          strings,
          'unsupported',
        );
      case 'invalid':
      case 'refused':
      case 'error': {
        const lead =
          check.status === 'invalid'
            ? strings.invalidLead
            : check.status === 'refused'
              ? strings.refusedLead
              : strings.errorLead;
        return this.renderFallback(
          format(strings.invalidTitle, { label: check.definition.label }),
          lead,
          check.problems,
          shown.props,
          strings,
          'invalid',
        );
      }
      case 'valid': {
        const loading = this.elementLoading(check.definition.tag);
        if (loading === 'pending') {
          return this.renderPlaceholder(format(strings.preparing, { label }), true);
        }
        if (loading !== 'ready') {
          return this.renderFallback(
            format(strings.invalidTitle, { label }),
            null,
            [format(strings.elementFailed, { error: partFailureReason(loading.error) })],
            shown.props,
            strings,
            'unsupported',
          );
        }
        const tag = artifactElementTag(check.definition);
        if (!tag) {
          return this.renderFallback(
            strings.unsupportedTitle,
            format(strings.unsupportedText, { name: shown.name }),
            [],
            shown.props,
            strings,
            'unsupported',
          );
        }
        const element = unsafeStatic(tag);
        return staticHtml`<${element}
          part="element"
          .props=${check.props}
          theme=${this.theme ?? nothing}
          ${ref(this.configureElement)}
        ></${element}>`;
      }
      default: {
        const unknownCheck: never = check;
        void unknownCheck;
        return nothing;
      }
    }
  }
}
