// The run store: state model, reducer, commands.
export * from './types.js';
export type * from './actions.js';
export { RunStore } from './run-store.js';
export { toAguiMessages } from './run-input.js';
export type { CreateRunStoreOptions, AnswerOptions } from './run-store.js';
export { reduce, createInitialState, isRunOpen, toolFamily, ACTIVITY_LIMIT } from './reducer.js';
export type { ReducerContext, DeltaResult } from './reducer.js';
export { reduceEvent } from './event-reducer.js';
export { ACTIVITY_TEXT, ACTIVITY_WORDS, activitySentence, fillActivity } from './activity.js';
export type { ActivityCode, ActivityParams, ActivityStrings, ActivityWords } from './activity.js';
export {
  SAVED_ATTACHMENT_BUDGET,
  effectiveAccept,
  mediaOf,
  mimeMatches,
  withinAttachmentBudget,
} from './attachments.js';
export { toContentPart } from './attachment-parts.js';
export type { TapRecord, TapRunStart, TapEvent, TapFailure } from './event-tap.js';
