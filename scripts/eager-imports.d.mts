import type { Plugin } from 'vite';

export function eagerDynamicImports(code: string, fileName?: string): string;
export function eagerImports(): Plugin;
