// renderArtifact: how any host (the chat, a list, a page) renders a store artifact or a render tool call part — as an
// <agent-artifact> under the tag actually registered, which validates the props and shows the artifact's element.
import type { TemplateResult } from 'lit';
import { html, nothing } from 'lit';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { until } from 'lit/directives/until.js';
import { componentName } from '../../src/artifacts/names.js';
import type { ArtifactRegistry, RegisteredArtifact } from '../../src/artifacts/registry.js';
import type { ArtifactDataResolver } from '../../src/artifacts/resolvers.js';
import type { Artifact, ArtifactPart, ChatMessage, ToolCallPart } from '../../src/store/types.js';
import type { AgentArtifactStrings } from '../agent-artifact/agent-artifact.js';
import { requestElement } from '../element-requests.js';
import { tagName } from '../tag-registry.js';
import { localeEntries } from '../../src/i18n/registry.js';
import { ARTIFACT_VIEW_UNAVAILABLE, renderPartFailure } from './part-failure.js';
import type { RunStore } from '../../src/store/run-store.js';
import type { Theme } from './agui-element.js';

/** What `renderArtifact` renders: a store artifact, or a chat message's render tool call part. */
export type ArtifactInput = Artifact | ToolCallPart;

export interface RenderArtifactOptions {
  /** The registry to validate with (default: the built-in one plus what the host registered). */
  readonly registry?: ArtifactRegistry | null;
  /** Data lookups handed to the artifact's element (default: its run's, else `GET /api/v1/...`). */
  readonly resolver?: ArtifactDataResolver | null;
  /** Forces the light or dark theme (default: the page's `prefers-color-scheme`). */
  readonly theme?: Theme | null;
  /** Replacements for the placeholder and fallback strings. */
  readonly strings?: Partial<AgentArtifactStrings>;
  /** The store of the artifact's run, when the template is not inside its `<agent-run>`. */
  readonly store?: RunStore | null;
  /** Show it only if it belongs to this cell (bar charts without one always show); default its run's `cell-id`. */
  readonly cellId?: string | number | null;
  /** The language of the note shown when the artifact element itself cannot load (default `en`). */
  readonly lang?: string;
}

/** The note's sentence: the host's `strings`, else the language's pack, else English. */
function viewUnavailable(options: RenderArtifactOptions): string {
  const packed = localeEntries(options.lang ?? 'en', 'agent-artifact').viewUnavailable;
  return (
    options.strings?.viewUnavailable ??
    (typeof packed === 'string' ? packed : ARTIFACT_VIEW_UNAVAILABLE)
  );
}

const TAG = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;

/**
 * The tag to render for a base tag: for this package's elements the tag they were actually registered under
 * (`agui-signal-chart` when another definition held `signal-chart`), else the tag as given. The same function as
 * `tagName`.
 */
export const registeredTag: (baseTag: string) => string = tagName;

/** The tag of an artifact's element, checked to be a valid custom element name (else null). */
export function artifactElementTag(definition: RegisteredArtifact): string | null {
  const tag = registeredTag(definition.tag);
  return TAG.test(tag) ? tag : null;
}

/** Whether a chat message part is a render tool call (one `renderArtifact` shows). */
export function isRenderToolCall(part: { readonly kind: string }): part is ToolCallPart {
  return part.kind === 'tool-call' && (part as ToolCallPart).family === 'render';
}

/** The component name of an artifact or render tool call part (`render_signal_chart` -> `signal-chart`). */
export function artifactComponent(artifact: ArtifactInput): string {
  return componentName(artifact.name);
}

/**
 * Renders an artifact, or a render tool call part of a chat message, as `<agent-artifact>` (under its registered
 * tag): a placeholder while the call's arguments stream, then the validated artifact element; a visible fallback
 * naming the problem for invalid props; an "Unsupported artifact" card with the raw props for unknown components.
 * It never throws. Use it in any Lit template: `${renderArtifact(part, { theme })}`.
 */
export function renderArtifact(
  artifact: ArtifactInput,
  options: RenderArtifactOptions = {},
): TemplateResult {
  // The script-tag ES module loads <agent-artifact> with the first artifact (its tag is known once it is registered).
  const loading = requestElement('agent-artifact');
  if (loading) {
    return html`${until(
      loading.then(
        () => renderArtifactElement(artifact, options),
        (error: unknown) => renderPartFailure('<agent-artifact>', error, viewUnavailable(options)),
      ),
      nothing,
    )}`;
  }
  return renderArtifactElement(artifact, options);
}

function renderArtifactElement(artifact: ArtifactInput, options: RenderArtifactOptions) {
  const tag = unsafeStatic(registeredTag('agent-artifact'));
  return staticHtml`<${tag}
    .artifact=${artifact}
    .store=${options.store ?? null}
    .registry=${options.registry ?? null}
    .resolver=${options.resolver ?? null}
    .strings=${options.strings ?? {}}
    .cellId=${options.cellId === undefined || options.cellId === null ? null : String(options.cellId)}
    theme=${options.theme ?? nothing}
  ></${tag}>`;
}

/** The chat part types the renderer answers for (structurally `ToolCallPart | ArtifactPart`). */
type ChatPart = ToolCallPart | ArtifactPart;

/** The renderer `<agent-chat>` takes as its `renderArtifact` property. */
export type ChatArtifactRenderer = (
  part: ChatPart,
  message: ChatMessage | null,
  artifact?: Artifact,
) => TemplateResult | undefined;

/**
 * A renderer for `<agent-chat>`'s `renderArtifact` hook: render tool call parts and artifact parts become
 * `renderArtifact(...)`; an artifact part the store has no record of keeps the chat's default (undefined).
 * `chat.renderArtifact = createArtifactRenderer({ cellId: chat.cellId })`.
 */
export function createArtifactRenderer(options: RenderArtifactOptions = {}): ChatArtifactRenderer {
  return (part, _message, artifact) => {
    if (artifact) return renderArtifact(artifact, options);
    if (part.kind === 'tool-call' && part.family === 'render') return renderArtifact(part, options);
    return undefined;
  };
}
