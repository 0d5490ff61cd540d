// Inside chunks/diagram-frame.html (a sandboxed frame with an opaque origin, its own response headers): Mermaid,
// loaded beside it by a classic <script src> after this one, draws one diagram at a time and the SVG goes back as
// text. Messages are taken from the parent window only; nothing of the page reaches in, and nothing drawn here reaches
// the page but text. The frame says `alive` at once (the chat then knows the file is there) and `ready` once Mermaid's
// 5 MiB have loaded, which may take long on a slow network.

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  parse(source: string): Promise<unknown>;
  render(id: string, source: string): Promise<{ svg: string }>;
}

/** What the chat asks: one diagram, in one theme. */
interface DrawRequest {
  readonly type: 'agui-diagram-draw';
  readonly id: number;
  readonly source: string;
  readonly theme: 'light' | 'dark' | 'contrast';
}

/** Mermaid, once its script (after this one) has run; undefined when it could not load. */
const mermaidApi = () => (globalThis as { mermaid?: MermaidApi }).mermaid;

/** A plain high-contrast theme for forced colours: black on white, no fills that carry meaning by colour alone. */
const CONTRAST = {
  background: '#ffffff',
  mainBkg: '#ffffff',
  primaryColor: '#ffffff',
  secondaryColor: '#ffffff',
  tertiaryColor: '#ffffff',
  primaryTextColor: '#000000',
  secondaryTextColor: '#000000',
  tertiaryTextColor: '#000000',
  textColor: '#000000',
  primaryBorderColor: '#000000',
  secondaryBorderColor: '#000000',
  tertiaryBorderColor: '#000000',
  lineColor: '#000000',
  nodeBorder: '#000000',
  clusterBkg: '#ffffff',
  clusterBorder: '#000000',
  edgeLabelBackground: '#ffffff',
  actorBkg: '#ffffff',
  actorBorder: '#000000',
  actorTextColor: '#000000',
  actorLineColor: '#000000',
  signalColor: '#000000',
  signalTextColor: '#000000',
  labelBoxBkgColor: '#ffffff',
  labelBoxBorderColor: '#000000',
  labelTextColor: '#000000',
  noteBkgColor: '#ffffff',
  noteBorderColor: '#000000',
  noteTextColor: '#000000',
  activationBkgColor: '#ffffff',
  activationBorderColor: '#000000',
};

function configure(mermaid: MermaidApi, theme: DrawRequest['theme']): void {
  mermaid.initialize({
    startOnLoad: false,
    // No clicks, no HTML in labels, no scripts: the SVG is only ever shown as an image.
    securityLevel: 'strict',
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    theme: theme === 'dark' ? 'dark' : theme === 'contrast' ? 'base' : 'default',
    ...(theme === 'contrast' ? { themeVariables: CONTRAST } : {}),
  });
}

/** The SVG sized by its viewBox (an image has no container to fill), and its accessible title and description. */
function finish(svg: string): { svg: string; title: string; description: string } {
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = parsed.documentElement;
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const [, , width, height] = box;
  if (width && height && Number.isFinite(width) && Number.isFinite(height)) {
    root.setAttribute('width', String(Math.ceil(width)));
    root.setAttribute('height', String(Math.ceil(height)));
    root.style.removeProperty('max-width');
  }
  const child = (name: string) =>
    [...root.children].find((node) => node.localName === name)?.textContent?.trim() ?? '';
  return {
    svg: new XMLSerializer().serializeToString(root),
    title: child('title'),
    description: child('desc'),
  };
}

/** Draws wait for the page's scripts, Mermaid's included, to have run. */
let queue: Promise<void> = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

async function draw(request: DrawRequest): Promise<Record<string, unknown>> {
  const mermaid = mermaidApi();
  if (!mermaid) return { error: 'Mermaid did not load beside the diagram frame.' };
  configure(mermaid, request.theme);
  try {
    await mermaid.parse(request.source);
    const { svg } = await mermaid.render(`agui-diagram-${request.id}`, request.source);
    return finish(svg);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.trim() || 'The diagram could not be drawn.' };
  } finally {
    // Mermaid leaves its scratch element behind when a diagram fails.
    document.getElementById(`dagui-diagram-${request.id}`)?.remove();
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the page that holds this frame may ask; the frame's origin is opaque, so the source window is the check.
  if (event.source !== window.parent) return;
  const data = event.data as Partial<DrawRequest> | null;
  if (
    !data ||
    data.type !== 'agui-diagram-draw' ||
    typeof data.id !== 'number' ||
    typeof data.source !== 'string' ||
    (data.theme !== 'light' && data.theme !== 'dark' && data.theme !== 'contrast')
  ) {
    return;
  }
  const request = data as DrawRequest;
  // One at a time: Mermaid's configuration is global.
  queue = queue.then(async () => {
    const result = await draw(request);
    window.parent.postMessage({ type: 'agui-diagram-drawn', id: request.id, ...result }, '*');
  });
});

window.parent.postMessage({ type: 'agui-diagram-alive' }, '*');
void queue.then(() =>
  window.parent.postMessage({ type: 'agui-diagram-ready', mermaid: Boolean(mermaidApi()) }, '*'),
);
