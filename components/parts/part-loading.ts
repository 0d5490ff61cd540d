// What both builds' `loadPart` share: each part is asked for once (a failure is kept, never retried behind the user's
// back) and a failure names where the part was looked for.

/** A part that could not load: `where` is the URL it was looked for at (or the browser's reason, without one). */
export class PartLoadError extends Error {
  override readonly name = 'PartLoadError';

  constructor(
    readonly part: string,
    readonly where: string,
  ) {
    super(`${part} could not be loaded from ${where}`);
  }
}

/**
 * The module `iife-<name>.js` in `folder` (a folder URL, resolved against the page): what the classic script and the
 * inspector's bundles load their parts from. Rejects with a PartLoadError naming the URL (or the folder, when it is
 * not a URL at all).
 */
export function importFromFolder(
  name: string,
  folder: string | null | undefined,
): Promise<unknown> {
  let url: string;
  try {
    url = new URL(`iife-${name}.js`, new URL(folder?.replace(/\/?$/, '/') ?? '', document.baseURI))
      .href;
  } catch {
    return Promise.reject(new PartLoadError(name, String(folder)));
  }
  return import(/* @vite-ignore */ url).catch(() => {
    throw new PartLoadError(name, url);
  });
}

/** `load` called at most once per name. */
export function oncePerName<Name extends string, Loaded>(
  load: (name: Name) => Promise<Loaded>,
): (name: Name) => Promise<Loaded> {
  const loading = new Map<Name, Promise<Loaded>>();
  return (name) => {
    let pending = loading.get(name);
    if (!pending) loading.set(name, (pending = load(name)));
    return pending;
  };
}
