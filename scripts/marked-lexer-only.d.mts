import type { Plugin } from 'vite';

export function lexerOnly(code: string): string;
export function markedLexerOnly(): Plugin;
