// Ids the store makes (threads, runs, messages): random, so a second store, another tab or a restored one never collides.

/** `prefix-` and 24 random hex digits (crypto.getRandomValues works outside secure contexts too). */
export function randomId(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return `${prefix}-${text}`;
}

/** The server's id of a message or tool call (the store's own id when the server's was never replaced). */
export function serverIdOf(item: { readonly id: string; readonly serverId?: string }): string {
  return item.serverId ?? item.id;
}
