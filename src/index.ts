// The npm entry of the framework-free core: the run store, the analysis plugin and transport types (no side effects).
export * from './store/index.js';
export * from './analysis/index.js';
export type { EndpointAgentOptions } from './transport/endpoint-agent.js';
export { RunFailureError } from './transport/errors.js';
export { conversationMarkdown, EXPORT_LABELS, type ExportLabels } from './export/markdown.js';
export { registerA2uiCatalog, type A2uiCatalogLike } from './a2ui/catalogs.js';
export {
  A2UI_ACTIVITY_TYPE,
  A2UI_MAX_BYTES,
  A2UI_MAX_COMPONENTS,
  readA2uiContent,
  type A2uiContent,
  type A2uiOperation,
} from './a2ui/content.js';
export { registerLocale, type LocaleRegistration } from './i18n/registry.js';
export type { LocaleTable, Message, MessageTable, PluralStrings } from './i18n/messages.js';
export { FAILURE_TEXT, type FailureCode, type FailureParams } from './i18n/failures.js';
