// Types of scripts/mcp-sandbox.mjs for TypeScript callers (the demo server, tests).
export declare const SANDBOX_ENTRY: string;
/** The proxy page's response headers, as the README gives them, with `frame-ancestors` naming these origins. */
export declare function sandboxHeaders(parentOrigins: readonly string[]): Record<string, string>;
/** The proxy's HTML, its script inline. */
export declare function sandboxHtml(): Promise<string>;
/** Writes dist/mcp-apps-sandbox.html. */
export declare function writeSandbox(path?: string): Promise<void>;
