// The service-analysis domain: types, plugin, selectors.
export * from './types.js';
export * from './plugin.js';
export * from './selectors.js';
export * from './baseline.js';
