// What an MCP App's frame may do, shared by the host part and the shipped sandbox proxy (mcp-apps-sandbox.html): the
// CSP built from the resource's `_meta.ui.csp`, put first in its head, and the `allow` features from its
// `_meta.ui.permissions` that the host's allow-list grants. Plain functions: nothing of the page is read.

/** The permissions an app's resource may ask for (`_meta.ui.permissions`), by the frame's `allow` feature. */
export const APP_PERMISSIONS = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
} as const;

export type McpAppPermission = (typeof APP_PERMISSIONS)[keyof typeof APP_PERMISSIONS];

/** How an app is shown: in its turn, or over the page in a modal dialog (after the person opens it). */
export type McpAppDisplayMode = 'inline' | 'fullscreen';

const SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** The frame's CSP from `_meta.ui.csp` (domains that are not plain origins are dropped); the spec's default without. */
export function appPolicy(csp: unknown): string {
  const list = (key: string) => {
    const value = (csp as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && SOURCE.test(item))
      : [];
  };
  const resources = list('resourceDomains').join(' ');
  const connect = list('connectDomains').join(' ') || "'none'";
  const frames = list('frameDomains').join(' ') || "'none'";
  const bases = list('baseUriDomains').join(' ') || "'self'";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect}`,
    `frame-src ${frames}`,
    `base-uri ${bases}`,
    "object-src 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
}

/** The HTML with its CSP as the first element of its head (a meta policy only governs what follows it). */
export function withPolicy(html: string, policyText: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyText.replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length)
    );
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + meta + html.slice(doctype[0].length);
  return meta + html;
}

/** The `allow` features a resource asks for (`_meta.ui.permissions`), split into those the page allows and the rest. */
export function appPermissions(
  asked: unknown,
  allowed: readonly string[],
): { readonly granted: McpAppPermission[]; readonly refused: McpAppPermission[] } {
  const granted: McpAppPermission[] = [];
  const refused: McpAppPermission[] = [];
  if (!asked || typeof asked !== 'object') return { granted, refused };
  for (const [key, feature] of Object.entries(APP_PERMISSIONS)) {
    if (!Object.hasOwn(asked, key)) continue;
    (allowed.includes(feature) ? granted : refused).push(feature);
  }
  return { granted, refused };
}
