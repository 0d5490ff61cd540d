import type { Plugin } from 'vite';

export interface PartRow {
  readonly entry: string;
  readonly modules: readonly string[];
  readonly budget: number;
}

export const PARTS: Readonly<Record<string, PartRow>>;
export type Lends = Readonly<Record<string, readonly string[]>>;
export const IIFE_SHARED: Lends;
export const SHARED_KEY: string;
export function iifeLendsShared(entry: string, lends?: Lends): Plugin;
export function borrowsFromIife(part: string, lends?: Lends): Plugin;
