// Types of scripts/diagram-frame.mjs for the TypeScript that imports it (the demo's dev server, the tests).
import type { Connect } from 'vite';

export const FRAME_ENTRY: string;
export const FRAME_FILES: readonly string[];
export const FRAME_HTML: string;
export function mermaidPath(): string;
export function frameScript(): Promise<string>;
export function frameHeaders(): Record<string, string>;
export function frameFile(
  name: string,
): Promise<{ type: Record<string, string>; body: string | Buffer } | null>;
export function writeFrame(folder: string): Promise<void>;
export function frameConnectMiddleware(): Connect.NextHandleFunction;
export function frameKoaMiddleware(): (
  context: { url: string; set(headers: Record<string, string>): void; body: unknown },
  next: () => Promise<unknown>,
) => Promise<unknown>;
export function diagramFramePlugin(options?: { emit?: boolean }): import('vite').Plugin;
