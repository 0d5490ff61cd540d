import type { Plugin } from 'vite';

export function minifyHtmlTemplates(code: string, fileName?: string): string;
export function htmlTemplates(): Plugin;
