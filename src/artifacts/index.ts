// Public surface of the artifact registry: names, registry, built-ins, render tools, data resolvers and selectors.
// Importing it loads no zod: schemas load with the first check or the first declared render tool.
export { componentName, componentWords, renderToolName } from './names.js';
export { ArtifactRegistry, describeIssues } from './registry.js';
export type {
  ArtifactCheck,
  ArtifactDefinition,
  ArtifactOrigin,
  PropsSchema,
  RegisteredArtifact,
  SchemaSource,
} from './registry.js';
export {
  BUILTIN_ARTIFACTS,
  artifactRegistry,
  carriedMatrix,
  registerArtifact,
} from './builtins.js';
export { declareRenderTools, renderToolDefinitions } from './tools.js';
export type { RenderToolOptions, ToolRegistrar } from './tools.js';
export {
  ArtifactDataError,
  chainResolvers,
  createHttpResolver,
  createReplayDataResolver,
} from './resolvers.js';
export type {
  ArtifactDataResolver,
  CompleteDataResolver,
  DataRequestOptions,
  HttpResolverOptions,
} from './resolvers.js';
export { readCellKb, readSignalSeries, readWorkOrder } from './data.js';
export type {
  CellKbData,
  KnowledgeFieldData,
  SignalReading,
  SignalSeriesData,
  WorkOrderData,
} from './data.js';
export {
  alignOnTimes,
  pearson,
  reduceToColumns,
  seriesColumns,
  timeTicks,
  yieldToMain,
} from './series.js';
export type { ColumnsOptions, SeriesColumns } from './series.js';
export {
  ARTIFACT_VIEW_ID,
  EMPTY_ARTIFACT_VIEW,
  artifactCellId,
  artifactMatchesCell,
  artifactOfToolCall,
  sameArtifacts,
  selectArtifacts,
  selectArtifactView,
  setArtifactView,
  setArtifactResolver,
  artifactResolverOf,
} from './view.js';
export type { ArtifactDataSource, ArtifactFilter, ArtifactView } from './view.js';
export type * from './props.js';
