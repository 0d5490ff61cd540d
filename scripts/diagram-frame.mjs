// The diagram frame (issue 35): chunks/diagram-frame.html, the frame's script (components/agent-chat/rich/
// diagram-frame/frame.ts bundled as a classic script) and Mermaid's own classic build beside them. Built into
// dist/chunks by the build; served from the source tree by the demo's and the tests' dev servers.
import { copyFileSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { classicScript } from './classic-script.mjs';

export const FRAME_ENTRY = 'components/agent-chat/rich/diagram-frame/frame.ts';
/** The three files, by the name they are served under (beside each other). */
export const FRAME_FILES = ['diagram-frame.html', 'diagram-frame.js', 'mermaid.min.js'];

/** Mermaid's classic build (a global `mermaid`). */
export function mermaidPath() {
  return createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
}

/**
 * The frame's page: no inline script or style, so its own policy can forbid both but Mermaid's SVG styles. Our script
 * first, so the chat hears the frame is there before Mermaid's 5 MiB arrive.
 */
export const FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Diagram renderer</title>
</head>
<body>
<script src="diagram-frame.js"></script>
<script src="mermaid.min.js"></script>
</body>
</html>
`;

/** The frame's script as a classic script. */
export function frameScript() {
  return classicScript(FRAME_ENTRY);
}

/** The frame's response headers, as the README gives them (its line `Content-Security-Policy (diagram frame): …`). */
export function frameHeaders() {
  const readme = readFileSync('README.md', 'utf8');
  const match = /^Content-Security-Policy \(diagram frame\): ([^\n`]+)$/m.exec(readme);
  if (!match?.[1]) throw new Error('README.md shows no "Content-Security-Policy (diagram frame)".');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': match[1].trim(),
    'x-content-type-options': 'nosniff',
  };
}

/** A file of the frame by its name, with its content type (null for any other name). */
export async function frameFile(name) {
  if (name === 'diagram-frame.html') return { type: frameHeaders(), body: FRAME_HTML };
  if (name === 'diagram-frame.js')
    return {
      type: { 'content-type': 'text/javascript; charset=utf-8' },
      body: await frameScript(),
    };
  if (name === 'mermaid.min.js')
    return {
      type: { 'content-type': 'text/javascript; charset=utf-8' },
      body: readFileSync(mermaidPath()),
    };
  return null;
}

/** Writes the three files into `folder` (dist/chunks). */
export async function writeFrame(folder) {
  await writeFile(join(folder, 'diagram-frame.html'), FRAME_HTML);
  await writeFile(join(folder, 'diagram-frame.js'), await frameScript());
  copyFileSync(mermaidPath(), join(folder, 'mermaid.min.js'));
}

/** Where the frame's files are asked for in the source tree (beside components/agent-chat/rich/diagrams.ts). */
const SOURCE_FOLDER = '/components/agent-chat/rich/';

/** The file of the frame a dev-server path asks for from the source tree, or null. */
function sourceName(url) {
  const path = (url ?? '').split('?')[0];
  return FRAME_FILES.find((name) => path.endsWith(`${SOURCE_FOLDER}${name}`)) ?? null;
}

/** For Vite's dev server (Connect): the frame's files beside the source of the diagrams part. */
export function frameConnectMiddleware() {
  return (req, res, next) => {
    const name = sourceName(req.url);
    if (!name) return next();
    frameFile(name).then(
      (file) => {
        for (const [header, value] of Object.entries(file.type)) res.setHeader(header, value);
        res.end(file.body);
      },
      (error) => next(error),
    );
  };
}

/** For @web/test-runner (Koa): the same. */
export function frameKoaMiddleware() {
  return async (context, next) => {
    const name = sourceName(context.url);
    if (!name) return next();
    const file = await frameFile(name);
    context.set(file.type);
    context.body = file.body;
  };
}

/**
 * For Vite on our own pages: the dev server answers the frame's files beside the part's source, and with `emit` (the
 * default; Storybook) a build emits them beside its assets, where the bundled part looks for them. The demo's build
 * (`emit: false`) ships inside the package, which already carries the frame in dist/chunks.
 */
export function diagramFramePlugin({ emit = true } = {}) {
  return {
    name: 'agui-diagram-frame',
    configureServer(server) {
      server.middlewares.use(frameConnectMiddleware());
    },
    async generateBundle() {
      if (!emit) return;
      for (const name of FRAME_FILES) {
        const file = await frameFile(name);
        this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: file.body });
      }
    },
  };
}
