import type { Plugin } from 'vite';

export const PRISM_GRAMMARS: readonly string[];
export const PRISM_MODULE: string;
export const PRISM_ID: string;
export function prismModule(): string;
export function prismPrivate(): Plugin;
export function prismPrivateServe(): {
  name: string;
  serve(context: { path: string }): { body: string; type: string } | undefined;
};
export function prismPrivateEsbuild(): import('esbuild').Plugin;
