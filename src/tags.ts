// The one table of this package's tags: which elements there are, the groups they load in, and the fallback prefix.

/** The provider: registered at once by every bundle, so the elements inside it find their store at once. */
export const PROVIDER_TAG = 'agent-run';

/** The analysis demo's run elements: registered at once by `define` and the classic script, when used by the ES module. */
export const RUN_ELEMENT_TAGS = ['run-controls', 'service-chart', 'diagnostic-card'] as const;

/** The provider and the run elements, the provider first. */
export const CORE_TAGS = [PROVIDER_TAG, ...RUN_ELEMENT_TAGS] as const;

/** The artifact elements: the script-tag ES module loads each when a page, the chat or an artifact first shows it. */
export const ARTIFACT_TAGS = [
  'agent-artifact',
  'agent-artifacts',
  'signal-chart',
  'equipment-kb-card',
  'work-order-card',
  'correlation-matrix',
  'pattern-match',
  'bar-chart',
  'alert-banner',
  'kb-progress',
] as const;

/** The chat: it asks for each artifact element when it first shows an artifact of that kind. */
export const CHAT_TAGS = ['agent-chat'] as const;

/** The saved-thread list: a group of its own, loaded when a page uses it. */
export const THREAD_TAGS = ['agent-threads'] as const;

/** The floating chat button and panel: registered after the chat, so what it wraps is defined when it upgrades. */
export const LAUNCHER_TAGS = ['agent-launcher'] as const;

/** Every tag, in the order `define` registers them. */
export const ALL_TAGS = [
  ...CORE_TAGS,
  ...ARTIFACT_TAGS,
  ...CHAT_TAGS,
  ...THREAD_TAGS,
  ...LAUNCHER_TAGS,
] as const;

export type CoreTag = (typeof CORE_TAGS)[number];
export type RunElementTag = (typeof RUN_ELEMENT_TAGS)[number];
export type ArtifactTag = (typeof ARTIFACT_TAGS)[number];
export type ElementTag = (typeof ALL_TAGS)[number];

/** A tag another definition already holds is registered as `agui-<tag>`. */
export const FALLBACK_PREFIX = 'agui-';
