// Diagrams from `mermaid` fences (issue 35), in real Chromium with the real Mermaid in the real frame: off without
// rich-content="mermaid" (the fence stays code, with a note, and nothing of Mermaid is asked for); on, a flowchart and
// a sequence diagram drawn as images named by their accTitle/accDescr or else their source, with Show source; a bad
// diagram shown as its source with Mermaid's message; the theme (dark, forced colours); a frame that is not there; and a
// streamed fence drawn only once its closing fence arrives.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { RunStore } from '../src/store/run-store.js';
import { finished, manualAgent, started, waitForStatus } from './support/agents.js';
import { settle, textDelta, textEnd, textStart } from './support/chat.js';
import { allInShadow, until } from './support/elements.js';

const FLOWCHART = `flowchart LR
  accTitle: Request path
  accDescr: The gateway sends each request to the API, which reads the cache.
  gateway[Gateway] --> api[API] --> cache[(Cache)]`;
const SEQUENCE = `sequenceDiagram
  Client->>API: GET /services
  API-->>Client: 200 OK`;
const BAD = `flowchart LR
  a[Open --> `;

const fence = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\``;
const frameRequested = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => /diagram-frame|mermaid\.min|rich\/diagrams/.test(entry.name));

async function chatWith(richContent: string | null) {
  const agent = manualAgent();
  const store = new RunStore({ agent });
  const chat = await fixture<AgentChat>(
    html`<agent-chat .store=${store} .richContent=${richContent}></agent-chat>`,
  );
  await settle(chat);
  return { chat, store, agent };
}

async function stream(
  { store, agent }: Awaited<ReturnType<typeof chatWith>>,
  deltas: readonly string[],
  finish = true,
) {
  store.send('draw it');
  await until(() => agent.inputs.length >= 1, 20_000);
  const input = agent.inputs.at(-1)!;
  agent.emit(started(input));
  agent.emit(textStart('a1'));
  for (const delta of deltas) agent.emit(textDelta('a1', delta));
  if (!finish) return;
  agent.emit(textEnd('a1'));
  agent.emit(finished(input));
  await waitForStatus(store, 'Completed');
}

const images = (chat: AgentChat) => allInShadow<HTMLImageElement>(chat, '.diagram-image');
const notes = (chat: AgentChat) =>
  allInShadow(chat, '.markdown .code-note').map((note) => note.textContent?.trim() ?? '');
const codes = (chat: AgentChat) =>
  allInShadow(chat, '.markdown pre code').map((code) => code.textContent ?? '');

/** Mermaid's first load (5 MiB of script in the frame) on a busy machine. */
const DRAWN_MS = 45_000;

describe('diagrams from mermaid fences', () => {
  it('stay code with a note, and load nothing, without rich-content="mermaid"', async () => {
    const setup = await chatWith(null);
    const { chat } = setup;
    await stream(setup, [fence(SEQUENCE)]);
    await until(() => notes(chat).length > 0, 10_000);
    expect(notes(chat)).to.deep.equal([
      'Diagrams are off on this page, so this is the diagram’s source.',
    ]);
    expect(codes(chat)).to.deep.equal([SEQUENCE]);
    expect(images(chat)).to.have.length(0);
    expect(chat.shadowRoot!.querySelector('iframe')).to.equal(null);
    expect(frameRequested()).to.equal(false);
  });

  it('draws a flowchart and a sequence diagram as images, named and with their source beside them', async () => {
    const setup = await chatWith('mermaid');
    const { chat } = setup;
    await stream(setup, [`Two diagrams.\n\n${fence(FLOWCHART)}\n\n${fence(SEQUENCE)}\n`]);
    await until(() => images(chat).length === 2, DRAWN_MS);
    await chat.updateComplete;
    const [flow, sequence] = images(chat);
    // The SVG is only ever an image: its markup never enters the page.
    for (const image of [flow!, sequence!]) {
      expect(image.getAttribute('src')).to.match(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
      await until(() => image.complete && image.naturalWidth > 0, 10_000);
    }
    // (Mermaid's SVG carries its diagram type as aria-roledescription and its render id.)
    expect(
      allInShadow(chat, '.markdown svg[aria-roledescription], [id^="agui-diagram"]'),
    ).to.have.length(0);
    // accTitle and accDescr name the flowchart; the sequence diagram has neither, so its source does.
    expect(flow!.alt).to.equal(
      'Request path. The gateway sends each request to the API, which reads the cache.',
    );
    expect(sequence!.alt).to.equal(SEQUENCE);
    // Show source: a native disclosure holding the fence's code.
    const toggles = allInShadow<HTMLElement>(chat, '.diagram-source > summary');
    expect(toggles.map((summary) => summary.textContent?.trim())).to.deep.equal([
      'Show source',
      'Show source',
    ]);
    toggles[1]!.click();
    expect((toggles[1]!.parentElement as HTMLDetailsElement).open).to.equal(true);
    expect(codes(chat)).to.include(SEQUENCE);
    // The frame is sandboxed without same-origin, hidden from assistive technology, and laid out off screen.
    const frame = chat.shadowRoot!.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(frame.getAttribute('aria-hidden')).to.equal('true');
    expect(new URL(frame.src).pathname).to.match(/\/diagram-frame\.html$/);
    await expect(chat).to.be.accessible();
  });

  it('shows a diagram Mermaid cannot parse as its source, with Mermaid’s message', async () => {
    const setup = await chatWith('mermaid');
    const { chat } = setup;
    await stream(setup, [fence(BAD)]);
    await until(() => notes(chat).some((note) => note.startsWith('This diagram')), DRAWN_MS);
    const note = notes(chat).find((line) => line.startsWith('This diagram'))!;
    expect(note).to.match(/^This diagram could not be drawn: .*(Parse error|Expecting|error)/is);
    expect(codes(chat)).to.deep.equal([BAD]);
    expect(images(chat)).to.have.length(0);
  });

  it('follows the theme: dark, and a plain black-on-white drawing under forced colours', async () => {
    // While a diagram is drawn again it shows its source: no image, no SVG.
    const svgOf = (chat: AgentChat) =>
      decodeURIComponent((images(chat)[0]?.getAttribute('src') ?? '').replace(/^[^,]*,/, ''));
    const light = await chatWith('mermaid');
    await stream(light, [fence(FLOWCHART)]);
    await until(() => images(light.chat).length === 1, DRAWN_MS);
    const dark = await chatWith('mermaid');
    dark.chat.theme = 'dark';
    await stream(dark, [fence(FLOWCHART)]);
    await until(() => images(dark.chat).length === 1, DRAWN_MS);
    // Mermaid's default and dark themes fill a node differently; the drawing is not the light one recoloured.
    const fill = (svg: string) => /\.node rect[^{]*\{[^}]*fill:\s*([^;]+);/.exec(svg)?.[1]?.trim();
    expect(fill(svgOf(light.chat))).to.match(/^#ececff$/i);
    expect(fill(svgOf(dark.chat))).to.not.match(/^#ececff$/i);
    try {
      await emulateMedia({ forcedColors: 'active' });
      // The drawings are made again in the contrast theme, and the image keeps its own white ground.
      await until(() => fill(svgOf(light.chat)) === '#ffffff', DRAWN_MS);
      expect(svgOf(light.chat)).to.match(/stroke:\s*#000000/);
      expect(getComputedStyle(images(light.chat)[0]!).backgroundColor).to.equal(
        'rgb(255, 255, 255)',
      );
    } finally {
      await emulateMedia({ forcedColors: 'none' });
    }
  });

  it('says where it looked when the frame is not there, shows the source, and throws nothing', async () => {
    const before = window.AGUI_ELEMENTS_CHUNKS;
    window.AGUI_ELEMENTS_CHUNKS = '/nowhere/chunks/';
    try {
      const setup = await chatWith('mermaid');
      const { chat } = setup;
      await stream(setup, [fence(SEQUENCE)]);
      await until(
        () => notes(chat).some((note) => note.startsWith('Diagrams are unavailable')),
        30_000,
      );
      expect(notes(chat)).to.deep.equal([
        `Diagrams are unavailable: could not load ${location.origin}/nowhere/chunks/diagram-frame.html.`,
      ]);
      expect(codes(chat)).to.deep.equal([SEQUENCE]);
      expect(images(chat)).to.have.length(0);
    } finally {
      if (before === undefined) delete window.AGUI_ELEMENTS_CHUNKS;
      else window.AGUI_ELEMENTS_CHUNKS = before;
    }
  });

  it('draws a streamed fence only once its closing fence has arrived', async () => {
    const setup = await chatWith('mermaid');
    const { chat, agent } = setup;
    const source = fence(SEQUENCE);
    const pieces = source.slice(0, -3).match(/[\s\S]{1,6}/g)!;
    await stream(setup, pieces, false);
    await until(() => codes(chat).some((code) => code.includes('200 OK')), 10_000);
    await chat.updateComplete;
    // Open: its source as code, no note of drawing, no frame asked for.
    expect(images(chat)).to.have.length(0);
    expect(notes(chat)).to.deep.equal([]);
    expect(chat.shadowRoot!.querySelector('iframe')).to.equal(null);
    agent.emit(textDelta('a1', '```\n\nDone.'));
    await until(() => images(chat).length === 1, DRAWN_MS);
    const input = agent.inputs.at(-1)!;
    agent.emit(textEnd('a1'));
    agent.emit(finished(input));
    await waitForStatus(setup.store, 'Completed');
    expect(images(chat)[0]!.alt).to.equal(SEQUENCE);
  });
});
