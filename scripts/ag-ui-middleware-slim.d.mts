import type { Plugin } from 'vite';

export function withoutClientReducer(code: string): string;
export function agUiMiddlewareSlim(): Plugin;
