import type { Plugin } from 'vite';

export function minifyCss(text: string): string;
export function minifyCssTemplates(code: string): string;
export function cssTemplates(): Plugin;
