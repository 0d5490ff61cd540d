import type { Meta, StoryContext, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { expect, waitFor } from 'storybook/test';
import { storyStore } from './support/bindings.js';
import { layoutStyles } from './support/layout.js';
import { inShadow } from './support/play.js';
import { disposeStoryStores, STORY_WAIT_MS, storiesSettled } from './support/store-states.js';

type Story = StoryObj;

/** A brand palette: every token the elements read, set once on `:root`. */
const BRAND_PALETTE = {
  '--agui-color-surface': '#fffdf7',
  '--agui-color-surface-raised': '#f4efe4',
  '--agui-color-text': '#2a2118',
  '--agui-color-text-muted': '#5e5246',
  '--agui-color-border': '#b9ab94',
  '--agui-color-accent': '#0f6b5c',
  '--agui-color-accent-text': '#ffffff',
  '--agui-color-focus': '#0f6b5c',
  '--agui-color-danger': '#a4261d',
  '--agui-color-success': '#2f6b1f',
  '--agui-color-warning': '#7a4d00',
  '--agui-color-core': '#0f6b5c',
  '--agui-color-platform': '#9a3d12',
  '--agui-color-grid': '#ece4d6',
  '--agui-radius': '0.25rem',
  '--agui-font-family': "Georgia, 'Times New Roman', serif",
};

/** A dark site's palette, with `--agui-color-scheme: dark` for the native controls. No `theme` attributes. */
const DARK_PAGE_PALETTE = {
  '--agui-color-scheme': 'dark',
  '--agui-color-surface': '#121a1f',
  '--agui-color-surface-raised': '#1b262d',
  '--agui-color-text': '#e6eef2',
  '--agui-color-text-muted': '#a9bac4',
  '--agui-color-border': '#4a5f6b',
  '--agui-color-accent': '#5fd4c0',
  '--agui-color-accent-text': '#08201c',
  '--agui-color-focus': '#5fd4c0',
  '--agui-color-danger': '#ff9b8f',
  '--agui-color-success': '#7ee2a0',
  '--agui-color-warning': '#f2c66d',
  '--agui-color-core': '#5fd4c0',
  '--agui-color-platform': '#ffb07a',
  '--agui-color-grid': '#24323a',
};

/** A `:root` rule for the page while the story is shown (it goes with the story's canvas). */
function rootRule(palette: Record<string, string>, page: string): TemplateResult {
  const declarations = Object.entries(palette)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  return html`<style>
    :root { ${declarations} }
    ${page}
  </style>`;
}

/** Run controls, chart, latest diagnosis and the chat on one `<agent-run>`, with no per-element theming. */
function themedPage(context: StoryContext, note: string): TemplateResult {
  return html`${layoutStyles}
    <p class="story-note">${note}</p>
    <agent-run .store=${storyStore(context, 'Needs approval')}>
      <div class="story-frame">
        <div class="story-layout">
          <run-controls></run-controls>
          <service-chart></service-chart>
          <diagnostic-card latest></diagnostic-card>
        </div>
      </div>
      <agent-chat style="margin-top: 1rem; --agui-chat-height: 32rem"></agent-chat>
    </agent-run>`;
}

/** The colour a CSS value computes to, to compare with computed styles. */
function computed(value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** The Run button of a <run-controls>, found by its name. */
function runButton(controls: Element | null | undefined): HTMLButtonElement {
  const button = [...(controls?.shadowRoot?.querySelectorAll('button') ?? [])].find(
    (candidate) => candidate.textContent?.trim() === 'Run',
  );
  if (!button) throw new Error('No Run button');
  return button;
}

/** Checks that the page's accent and surface reached the controls, the chart and the chat. */
async function expectPalette(canvas: HTMLElement, palette: Record<string, string>): Promise<void> {
  await storiesSettled(canvas);
  const accent = computed(palette['--agui-color-accent'] as string);
  const surface = computed(palette['--agui-color-surface'] as string);
  const run = runButton(canvas.querySelector('run-controls'));
  await expect(getComputedStyle(run).backgroundColor).toBe(accent);
  await expect(
    getComputedStyle(inShadow(canvas, 'service-chart', '[part~="base"]')).backgroundColor,
  ).toBe(surface);
  await waitFor(
    () =>
      expect(
        getComputedStyle(inShadow(canvas, 'agent-chat', '[part~="base"]')).backgroundColor,
      ).toBe(surface),
    { timeout: STORY_WAIT_MS },
  );
}

const meta: Meta = {
  title: 'Theming/Page theme from :root',
  beforeEach: disposeStoryStores,
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'Every `--agui-*` token set once on `:root` (or on `<agent-run>`, or any ancestor) reaches every ' +
          'element, artifacts inside the chat included; a setting on an element itself wins; the built-in ' +
          'light and dark defaults apply only where nobody set a token.',
      },
    },
  },
};
export default meta;

/** A brand palette, radius and font set once on `:root`: no element is themed on its own. */
export const BrandPalette: Story = {
  name: 'Brand palette on :root',
  render: (_args, context) =>
    html`${rootRule(BRAND_PALETTE, 'body { background: #fffdf7; color: #2a2118; }')}
      <div style="padding: 1rem">
        ${themedPage(context, 'The page sets a brand palette once on :root; every element follows.')}
      </div>`,
  play: ({ canvasElement }) => expectPalette(canvasElement, BRAND_PALETTE),
};

/** A dark site themes every element once from `:root`, whatever the reader's colour-scheme preference. */
export const DarkPage: Story = {
  name: 'Dark page on :root',
  render: (_args, context) =>
    html`${rootRule(DARK_PAGE_PALETTE, 'body { background: #0b1013; color: #e6eef2; }')}
      <div style="padding: 1rem; background: #0b1013; color: #e6eef2">
        ${themedPage(context, 'A dark site sets its palette once on :root: no theme attributes.')}
      </div>`,
  play: async ({ canvasElement }) => {
    await expectPalette(canvasElement, DARK_PAGE_PALETTE);
    await expect(
      getComputedStyle(inShadow(canvasElement, 'agent-chat', 'textarea')).colorScheme,
    ).toBe('dark');
  },
};

/** The page's accent on `:root`, and one element that sets its own: the element's setting wins. */
export const ElementWins: Story = {
  name: 'An element’s own setting wins',
  render: (_args, context) =>
    html`${rootRule({ '--agui-color-accent': '#0f6b5c' }, '')}
      <div style="display: grid; gap: 1rem; padding: 1rem; max-width: 24rem">
        <run-controls .store=${storyStore(context, 'Completed', 'page')}></run-controls>
        <run-controls
          style="--agui-color-accent: #7a1fa2"
          .store=${storyStore(context, 'Completed', 'own')}
        ></run-controls>
      </div>`,
  play: async ({ canvasElement }) => {
    await storiesSettled(canvasElement);
    const [page, own] = [...canvasElement.querySelectorAll('run-controls')];
    const background = (host: Element | undefined) =>
      getComputedStyle(runButton(host)).backgroundColor;
    await expect(background(page)).toBe(computed('#0f6b5c'));
    await expect(background(own)).toBe(computed('#7a1fa2'));
  },
};
