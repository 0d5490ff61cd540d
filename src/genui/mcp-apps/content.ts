// What an `mcp-apps` activity holds (`@ag-ui/mcp-apps-middleware`: `{resourceUri, serverHash, serverId, toolInput,
// result}`), read without the host part, and the frame policy an app's resource asks for. No HTML arrives with it:
// the host fetches that with a side run.

/** The activity type `@ag-ui/mcp-apps-middleware` gives its apps. */
export const MCP_APPS_ACTIVITY_TYPE = 'mcp-apps';

/** An app activity's content, read. */
export interface McpAppContent {
  readonly resourceUri: string;
  readonly serverHash: string;
  readonly serverId?: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** The tool's result (an MCP CallToolResult), as the middleware sent it. */
  readonly result: Readonly<Record<string, unknown>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The content, or why it cannot be an app (in words). */
export function readMcpAppContent(
  content: unknown,
):
  | { readonly ok: true; readonly app: McpAppContent }
  | { readonly ok: false; readonly reason: string } {
  if (!isRecord(content)) return { ok: false, reason: 'the activity holds no object' };
  const { resourceUri, serverHash, serverId, toolInput, result } = content;
  if (typeof resourceUri !== 'string' || !resourceUri.startsWith('ui://')) {
    return { ok: false, reason: 'its resourceUri is not a ui:// URI' };
  }
  if (typeof serverHash !== 'string' || serverHash === '') {
    return { ok: false, reason: 'it names no serverHash' };
  }
  if (serverId !== undefined && typeof serverId !== 'string') {
    return { ok: false, reason: 'its serverId is not a string' };
  }
  return {
    ok: true,
    app: {
      resourceUri,
      serverHash,
      ...(serverId ? { serverId } : {}),
      toolInput: isRecord(toolInput) ? toolInput : {},
      result: isRecord(result) ? result : {},
    },
  };
}
