// The single-file classic script (dist/agui-elements.iife.js): every element registered at once.
import './define.js';

export * from './index.js';
