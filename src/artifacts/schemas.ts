// Every built-in artifact's props schema and their JSON Schema. The registry loads each kind's module on its own
// (with the first artifact of that kind); this barrel is for types and for code that wants them all.
export * from './schemas/signal-chart.js';
export * from './schemas/diagnostic-card.js';
export * from './schemas/work-order-card.js';
export * from './schemas/equipment-kb-card.js';
export * from './schemas/pattern-match.js';
export * from './schemas/bar-chart.js';
export * from './schemas/alert-banner.js';
export * from './schemas/kb-progress.js';
export * from './schemas/correlation-matrix.js';
export { jsonSchemaOf } from './schemas/json-schema.js';
