// Types of scripts/chrome.mjs for TypeScript callers (tests, benchmarks).
export declare const CHROME_ARGS: string[];
export declare function findChrome(options?: { install?: boolean }): string;
