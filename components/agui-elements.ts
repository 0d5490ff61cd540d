// The script-tag entry: registers every element on load and exposes the classes (dist/agui-elements.js, .iife.js).
import './define.js';

export * from './index.js';
export { RunStore } from '../src/store/run-store.js';
export { createAnalysisPlugin } from '../src/analysis/plugin.js';
