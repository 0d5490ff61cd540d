// The "Service latency explorer" MCP App (runs inside the host's sandboxed frame, built with ext-apps' `App`): it
// shows the tool's result, loads another service's figures through the app-only `service_latency` tool, asks the
// agent to compare two services with `ui/message`, and opens the runbook with `ui/open-link`. With `testControls` in
// its tool input it also offers what the host must refuse or survive (a `tools/list`, navigating itself). It writes
// the DOM with createElement and textContent only: the frame inherits a Trusted Types page's policy.
import { jitless } from './jitless.js';
import { App } from '@modelcontextprotocol/ext-apps';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';

interface Figures {
  service: string;
  name: string;
  p50: number;
  p95: number;
  p99: number;
  lastHour: number[];
}

// Zod was set jitless before the SDK's schemas were built; the App's own setting comes too late for them.
const app = new App(
  { name: 'Service latency explorer', version: '1.0.0' },
  {},
  { allowUnsafeEval: !jitless, autoResize: true },
);
const root = document.getElementById('app') as HTMLElement;
const status = element('p', { id: 'status', role: 'status' });
const shown = new Map<string, Figures>();
let testControls = false;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function figuresOf(result: { structuredContent?: unknown }): Figures | null {
  const figures = result.structuredContent as Partial<Figures> | undefined;
  return figures && typeof figures.service === 'string' && Array.isArray(figures.lastHour)
    ? (figures as Figures)
    : null;
}

function say(text: string): void {
  status.textContent = text;
}

function button(label: string, onClick: () => void | Promise<void>): HTMLButtonElement {
  const node = element('button', { type: 'button' }, label);
  node.addEventListener('click', () => {
    void (async () => {
      try {
        await onClick();
      } catch (error) {
        say(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  });
  return node;
}

function card(figures: Figures): HTMLElement {
  const section = element('section', { 'data-service': figures.service });
  section.append(element('h2', {}, figures.name));
  const list = element('dl');
  for (const [label, value] of [
    ['p50', figures.p50],
    ['p95', figures.p95],
    ['p99', figures.p99],
  ] as const) {
    list.append(element('dt', {}, label), element('dd', {}, `${value} ms`));
  }
  section.append(list);
  const peak = Math.max(...figures.lastHour);
  const bars = element('ol', { class: 'bars', 'aria-label': `${figures.name}, last hour` });
  figures.lastHour.forEach((value, index) => {
    const bar = element('li', { title: `${value} ms` });
    bar.style.blockSize = `${Math.round((value / peak) * 48)}px`;
    bar.append(element('span', { class: 'sr' }, `${(index + 1) * 5} min: ${value} ms`));
    bars.append(bar);
  });
  section.append(bars);
  return section;
}

function render(): void {
  const cards = element('div', { class: 'cards' });
  for (const figures of shown.values()) cards.append(card(figures));
  const actions = element('div', { class: 'actions' });
  const first = [...shown.values()][0];
  const other = first?.service === 'search' ? 'api' : 'search';
  if (!shown.has(other)) {
    actions.append(
      button(`Load ${other === 'api' ? 'API' : 'Search'}`, async () => {
        say('Loading…');
        const result = await app.callServerTool({
          name: 'service_latency',
          arguments: { service: other },
        });
        const figures = figuresOf(result);
        if (result.isError || !figures) return say('The server could not load those figures.');
        shown.set(figures.service, figures);
        render();
        say(`Loaded ${figures.name}.`);
      }),
    );
  }
  if (shown.size > 1) {
    actions.append(
      button('Ask to compare', async () => {
        const names = [...shown.values()].map((figures) => figures.name).join(' and ');
        const reply = await app.sendMessage({
          role: 'user',
          content: [{ type: 'text', text: `Compare the latency of ${names}` }],
        });
        say(reply.isError ? 'The host did not send the message.' : 'Asked the agent to compare.');
      }),
    );
  }
  actions.append(
    button('Copy figures', async () => {
      const rows = [...shown.values()].map(
        (figures) =>
          `${figures.name}\tp50 ${figures.p50} ms\tp95 ${figures.p95} ms\tp99 ${figures.p99} ms`,
      );
      // Needs the clipboard-write permission, which only the host's allow-list can give this frame.
      const policy = (document as { featurePolicy?: { allowsFeature(name: string): boolean } })
        .featurePolicy;
      if (policy && !policy.allowsFeature('clipboard-write'))
        return say('The host does not allow copying.');
      await navigator.clipboard.writeText(rows.join('\n'));
      say('Copied the figures.');
    }),
    button('Full view', async () => {
      // The host decides: ours offers "Open in full view" to the person and answers the mode the app has now.
      const reply = await app.requestDisplayMode({ mode: 'fullscreen' });
      say(reply.mode === 'fullscreen' ? 'Shown in full view.' : 'The host offers full view.');
    }),
    button('Open runbook', async () => {
      const reply = await app.openLink({ url: 'https://example.com/runbooks/latency' });
      say(reply.isError ? 'The host did not open the link.' : 'Opened the runbook.');
    }),
  );
  if (testControls) {
    actions.append(
      button('Show more rows', () => {
        for (let row = 0; row < 40; row += 1)
          root.append(element('p', { class: 'row' }, `Row ${row + 1}`));
      }),
      button('List tools', async () => {
        await app.request({ method: 'tools/list', params: {} }, ListToolsResultSchema);
        say('The host listed the tools.');
      }),
      button('Try a javascript link', async () => {
        const reply = await app.openLink({ url: 'javascript:alert(1)' });
        say(reply.isError ? 'The host did not open the link.' : 'Opened the link.');
      }),
      button('Navigate away', () => {
        location.href = 'about:blank#navigated';
      }),
    );
  }
  root.replaceChildren(element('h1', {}, 'Service latency explorer'), cards, actions, status);
}

app.ontoolinput = (params) => {
  testControls = params.arguments?.testControls === true;
};
app.ontoolresult = (result) => {
  const figures = figuresOf(result);
  if (!figures) return say('The tool sent no figures.');
  shown.clear();
  shown.set(figures.service, figures);
  render();
  say('');
};
app.onhostcontextchanged = (context) => {
  if (context.theme) document.documentElement.dataset.theme = context.theme;
  if (context.displayMode) {
    document.documentElement.dataset.displayMode = context.displayMode;
    say(
      context.displayMode === 'fullscreen' ? 'Shown in full view.' : 'Shown in the conversation.',
    );
  }
};
app.onteardown = async () => ({});

say('Waiting for the host…');
root.replaceChildren(element('h1', {}, 'Service latency explorer'), status);
void app.connect().then(() => {
  const theme = app.getHostContext()?.theme;
  if (theme) document.documentElement.dataset.theme = theme;
});
