import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { render } from 'lit';
import '../components/define.js';
import type { AgentArtifact } from '../components/agent-artifact/agent-artifact.js';
import type { AgentArtifacts } from '../components/agent-artifacts/agent-artifacts.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type { DiagnosticCard } from '../components/diagnostic-card/diagnostic-card.js';
import {
  createArtifactRenderer,
  registeredTag,
  renderArtifact,
} from '../components/shared/artifact-view.js';
import {
  ArtifactRegistry,
  artifactRegistry,
  componentName,
  declareRenderTools,
  registerArtifact,
  renderToolDefinitions,
  renderToolName,
  selectArtifactView,
  setArtifactView,
  type PropsSchema,
} from '../src/artifacts/index.js';
import { createReplayResolver } from '../src/fixtures/replay-agent.js';
import { RunStore } from '../src/store/run-store.js';
import type { ToolCallPart } from '../src/store/types.js';
import {
  finished,
  manualAgent,
  scriptedAgent,
  started,
  tick,
  toolCall,
  waitForState,
  waitForStatus,
} from './support/agents.js';
import { allInShadow, inShadow, until } from './support/elements.js';

// Valid props of every built-in artifact, as seed 002 and the demo recipes send them.
const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  'signal-chart': {
    signal_def_id: 1,
    window_hours: 24,
    mark_anomaly_at: '2026-01-15T11:25:00Z',
    threshold: 120,
    cell_id: 1,
  },
  'equipment-kb-card': { cell_id: 1, highlight_fields: ['runbook'] },
  'work-order-card': { work_order_id: 'WO-1001', printable: true, cell_id: 1 },
  'diagnostic-card': {
    title: 'API latency 2.4× baseline',
    confidence: 0.59,
    root_cause: 'API latency rose from 60 ms to 145 ms.',
    contributing_factors: ['Events started reporting.'],
    cell_id: 1,
  },
  'correlation-matrix': { cell_id: 1, signal_def_ids: [1, 2], window_hours: 24 },
  'pattern-match': {
    current_event: 'API latency above 120 ms',
    past_event_ref: 'INC-4411',
    similarity: 0.82,
    cell_id: 1,
  },
  'bar-chart': {
    title: 'Requests by service',
    x_label: 'Service',
    y_label: 'Requests per minute',
    bars: [
      { label: 'API', value: 1200 },
      { label: 'Search', value: 800 },
    ],
  },
  'alert-banner': {
    severity: 'critical',
    cell_id: 1,
    message: 'API latency reading of 999 ms is implausible.',
    anomaly_id: 'anomaly-1-1',
  },
  'kb-progress': {
    steps: [
      { label: 'Read the measurements', status: 'done' },
      { label: 'Write the diagnosis', status: 'running' },
    ],
    cell_id: 1,
  },
};

// Each invalid shape of each artifact, with the problem its fallback must name.
const INVALID: readonly (readonly [string, unknown, string])[] = [
  ['signal-chart', { ...VALID['signal-chart'], cell_id: undefined }, 'cell_id is required'],
  ['signal-chart', { ...VALID['signal-chart'], signal_def_id: 'one' }, 'signal_def_id'],
  ['signal-chart', { ...VALID['signal-chart'], window_hours: 0 }, 'window_hours'],
  ['signal-chart', { ...VALID['signal-chart'], window_hours: 2.5 }, 'window_hours'],
  ['signal-chart', { ...VALID['signal-chart'], mark_anomaly_at: 'yesterday' }, 'mark_anomaly_at'],
  ['signal-chart', { ...VALID['signal-chart'], threshold: 'high' }, 'threshold'],
  ['signal-chart', 'a string', 'expected object'],
  ['equipment-kb-card', {}, 'cell_id is required'],
  ['equipment-kb-card', { cell_id: 1, highlight_fields: 'runbook' }, 'highlight_fields'],
  ['equipment-kb-card', { cell_id: '1' }, 'cell_id'],
  ['work-order-card', { printable: true, cell_id: 1 }, 'work_order_id is required'],
  ['work-order-card', { ...VALID['work-order-card'], printable: 'yes' }, 'printable'],
  ['work-order-card', { ...VALID['work-order-card'], work_order_id: '../etc' }, 'work_order_id'],
  ['diagnostic-card', { ...VALID['diagnostic-card'], confidence: 1.4 }, 'confidence'],
  ['diagnostic-card', { ...VALID['diagnostic-card'], title: '' }, 'title'],
  [
    'diagnostic-card',
    { ...VALID['diagnostic-card'], contributing_factors: 'x' },
    'contributing_factors',
  ],
  ['correlation-matrix', { ...VALID['correlation-matrix'], signal_def_ids: [1] }, 'signal_def_ids'],
  [
    'correlation-matrix',
    { ...VALID['correlation-matrix'], signal_def_ids: [1, 2, 3, 4, 5, 6, 1, 2, 3] },
    'signal_def_ids',
  ],
  [
    'correlation-matrix',
    { ...VALID['correlation-matrix'], signal_def_ids: [1, 1] },
    'must not repeat',
  ],
  ['correlation-matrix', { cell_id: 1, signal_def_ids: [1, 2] }, 'window_hours is required'],
  ['pattern-match', { ...VALID['pattern-match'], similarity: -0.1 }, 'similarity'],
  [
    'pattern-match',
    { ...VALID['pattern-match'], past_event_ref: undefined },
    'past_event_ref is required',
  ],
  ['bar-chart', { ...VALID['bar-chart'], bars: [] }, 'bars'],
  ['bar-chart', { ...VALID['bar-chart'], bars: [{ label: 'A', value: 'x' }] }, 'bars[0].value'],
  ['bar-chart', { ...VALID['bar-chart'], title: undefined }, 'title is required'],
  ['alert-banner', { ...VALID['alert-banner'], severity: 'panic' }, 'severity'],
  ['alert-banner', { ...VALID['alert-banner'], message: '  ' }, 'message'],
  ['kb-progress', { steps: [{ label: 'a', status: 'finished' }], cell_id: 1 }, 'steps[0].status'],
  ['kb-progress', { steps: [], cell_id: 1 }, 'steps'],
];

function uiRender(
  component: string,
  props: unknown,
  extra: Record<string, unknown> = {},
): BaseEvent {
  return { type: 'CUSTOM', name: 'ui_render', value: { component, props, ...extra } } as BaseEvent;
}

/** A store whose next chat run plays these events (between RUN_STARTED and RUN_FINISHED). */
function storeWith(...runs: ((input: RunAgentInput) => BaseEvent[])[]) {
  const agent = scriptedAgent((input, index) => [
    started(input),
    ...(runs[index]?.(input) ?? []),
    finished(input),
  ]);
  return { store: new RunStore({ agent }), agent };
}

async function run(store: RunStore, text = 'show me'): Promise<void> {
  const before = store.getState().run.number;
  store.send(text);
  await waitForState(
    store,
    (state) => state.run.number > before && ['Completed', 'Failed'].includes(state.run.status),
  );
}

const artifactsOf = (list: Element) => allInShadow<AgentArtifact>(list, 'agent-artifact');
const elementOf = (artifact: Element) =>
  artifact.shadowRoot?.querySelector<HTMLElement & { props: unknown }>('[part="element"]') ?? null;
const fallbackOf = (artifact: Element) =>
  artifact.shadowRoot?.querySelector('[part="fallback"]') ?? null;
const textOf = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The tags the list shows, once every artifact settled (an element or a fallback). */
async function settledTags(list: AgentArtifacts, count: number): Promise<string[]> {
  await until(
    () =>
      artifactsOf(list).length === count &&
      artifactsOf(list).every((item) => elementOf(item) || fallbackOf(item)),
  );
  return artifactsOf(list).map((item) => elementOf(item)?.localName ?? 'fallback');
}

describe('Artifact names and registry', () => {
  it('reads every name form as one component', () => {
    for (const name of [
      'render_signal_chart',
      'signal_chart',
      'signal-chart',
      'SignalChart',
      'signalChart',
      'RenderSignalChart',
    ]) {
      expect(componentName(name), name).to.equal('signal-chart');
    }
    expect(componentName('KBProgress')).to.equal('kb-progress');
    expect(componentName('render_kb_progress')).to.equal('kb-progress');
    expect(renderToolName('SignalChart')).to.equal('render_signal_chart');
    expect(artifactRegistry.get('EquipmentKbCard')?.tag).to.equal('equipment-kb-card');
  });

  it('accepts the valid props of all nine artifacts', async () => {
    expect(artifactRegistry.definitions().map((entry) => entry.component)).to.have.members(
      Object.keys(VALID),
    );
    for (const [component, props] of Object.entries(VALID)) {
      const check = await artifactRegistry.check(component, props, 'ui_render');
      expect(check.status, `${component}: ${JSON.stringify(check)}`).to.equal('valid');
    }
  });

  it('names the problem of each invalid prop shape', async () => {
    for (const [component, props, problem] of INVALID) {
      const check = await artifactRegistry.check(component, props, 'ui_render');
      expect(check.status, `${component} ${JSON.stringify(props)}`).to.equal('invalid');
      const problems = 'problems' in check ? check.problems.join(' | ') : '';
      expect(problems, `${component} ${JSON.stringify(props)}`).to.contain(problem);
    }
  });

  it('requires cell_id on every artifact but the bar chart', async () => {
    for (const [component, props] of Object.entries(VALID)) {
      const without = { ...props, cell_id: undefined };
      const check = await artifactRegistry.check(component, without, 'ui_render');
      expect(check.status, component).to.equal(component === 'bar-chart' ? 'valid' : 'invalid');
    }
  });

  it('refuses a correlation matrix that carries its own numbers', async () => {
    for (const props of [
      {
        ...VALID['correlation-matrix'],
        impact_matrix: [
          [1, 0.9],
          [0.9, 1],
        ],
      },
      {
        sources: ['a', 'b'],
        values: [
          [1, 0.2],
          [0.2, 1],
        ],
        cell_id: 1,
      },
    ]) {
      const check = await artifactRegistry.check('render_correlation_matrix', props, 'tool-call');
      expect(check.status).to.equal('refused');
      expect('problems' in check ? check.problems[0] : '').to.contain('carry their own matrix');
    }
  });

  it('refuses an alert banner that arrives as a tool call, and takes it from ui_render', async () => {
    const asTool = await artifactRegistry.check(
      'render_alert_banner',
      VALID['alert-banner'],
      'tool-call',
    );
    expect(asTool.status).to.equal('refused');
    expect('problems' in asTool ? asTool.problems[0] : '').to.contain(
      'only arrives on the ui_render',
    );
    const asEvent = await artifactRegistry.check(
      'alert_banner',
      VALID['alert-banner'],
      'ui_render',
    );
    expect(asEvent.status).to.equal('valid');
  });

  it('never throws: a throwing schema, a failing loader and a throwing refusal are reported', async () => {
    const registry = new ArtifactRegistry([
      {
        component: 'throws',
        tag: 'x-throws',
        description: 'd',
        schema: {
          safeParse: () => {
            throw new Error('schema exploded');
          },
        } as unknown as PropsSchema,
      },
      {
        component: 'fails-to-load',
        tag: 'x-fails',
        description: 'd',
        schema: () => Promise.reject(new Error('chunk missing')),
      },
      {
        component: 'refuser',
        tag: 'x-refuser',
        description: 'd',
        schema: () => Promise.reject(new Error('never reached')),
        refuse: () => {
          throw new Error('refusal exploded');
        },
      },
    ]);
    const thrown = await registry.check('throws', {});
    expect(thrown).to.include({ status: 'error' });
    expect('problems' in thrown ? thrown.problems[0] : '').to.equal('schema exploded');
    const failed = await registry.check('fails-to-load', {});
    expect('problems' in failed ? failed.problems[0] : '').to.contain('chunk missing');
    expect((await registry.check('refuser', {})).status).to.equal('refused');
    expect((await registry.check('nothing-here', {})).status).to.equal('unknown');
  });

  it('lets a host register its own artifact and removes it again', async () => {
    const remove = registerArtifact({
      component: 'SignalChart',
      tag: 'x-my-chart',
      description: 'A host chart',
      schema: async () => {
        await import('../src/zod-setup.js');
        const { z } = await import('zod/v4');
        return z.object({ points: z.number() });
      },
    });
    expect(artifactRegistry.get('render_signal_chart')?.tag).to.equal('x-my-chart');
    expect((await artifactRegistry.check('signal_chart', { points: 3 })).status).to.equal('valid');
    remove();
    expect(artifactRegistry.get('signal-chart')?.tag).to.equal('signal-chart');
  });

  it('generates the JSON Schema tool definitions from the same schemas', async () => {
    const tools = await renderToolDefinitions();
    expect(tools.map((tool) => tool.name)).to.deep.equal([
      'render_signal_chart',
      'render_equipment_kb_card',
      'render_work_order_card',
      'render_diagnostic_card',
      'render_correlation_matrix',
      'render_pattern_match',
      'render_bar_chart',
      'render_kb_progress',
    ]);
    const byName = new Map(
      tools.map((tool) => [tool.name, tool.parameters as Record<string, unknown>]),
    );
    const chart = byName.get('render_signal_chart') as {
      type: string;
      required: string[];
      properties: Record<
        string,
        { type?: string; format?: string; minimum?: number; maximum?: number }
      >;
    };
    expect(chart.type).to.equal('object');
    expect(chart.required).to.have.members(['signal_def_id', 'window_hours', 'cell_id']);
    expect(chart.properties.window_hours).to.include({ type: 'integer', minimum: 1, maximum: 168 });
    expect(chart.properties.mark_anomaly_at).to.include({ type: 'string', format: 'date-time' });
    const bars = byName.get('render_bar_chart') as { required: string[] };
    expect(bars.required).to.not.include('cell_id');
    const matrix = byName.get('render_correlation_matrix') as {
      properties: Record<string, { minItems?: number; maxItems?: number }>;
    };
    expect(matrix.properties.signal_def_ids).to.include({ minItems: 2, maxItems: 8 });
    expect(JSON.stringify(tools)).to.not.contain('impact_matrix');
  });
});

describe('<agent-artifacts> and <agent-artifact>', () => {
  beforeEach(() => setViewport({ width: 900, height: 800 }));

  it('shows a placeholder while a render call streams, then the element when it ends', async () => {
    const agent = manualAgent();
    const store = new RunStore({ agent });
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store}></agent-artifacts>`,
    );
    store.send('chart it');
    await until(() => agent.inputs.length === 1);
    const input = agent.inputs[0] as RunAgentInput;
    agent.emit(started(input));
    const [start, firstHalf, secondHalf, end] = toolCall(
      'c1',
      'render_pattern_match',
      VALID['pattern-match'],
    );
    agent.emit(start as BaseEvent);
    agent.emit(firstHalf as BaseEvent);
    await until(() => artifactsOf(list).length === 1);
    const item = artifactsOf(list)[0] as AgentArtifact;
    await item.updateComplete;
    const placeholder = inShadow(item, '[part="placeholder"]');
    expect(textOf(placeholder)).to.equal('Preparing the pattern match…');
    expect(placeholder.getAttribute('aria-busy')).to.equal('true');
    expect(elementOf(item)).to.equal(null);
    agent.emit(secondHalf as BaseEvent);
    await item.updateComplete;
    expect(elementOf(item), 'still streaming').to.equal(null);
    agent.emit(end as BaseEvent);
    await until(() => elementOf(item) !== null);
    const element = elementOf(item) as HTMLElement & { props: unknown };
    expect(element.localName).to.equal('pattern-match');
    expect(element.props).to.deep.equal(VALID['pattern-match']);
    expect(item.shadowRoot?.querySelector('[part="placeholder"]')).to.equal(null);
    agent.emit(finished(input));
    store.dispose();
  });

  it('renders ui_render events under all three name forms', async () => {
    const chart = (id: number) => ({ ...VALID['signal-chart'], signal_def_id: id });
    const { store } = storeWith(() => [
      uiRender('signal_chart', chart(1)),
      uiRender('signal-chart', chart(2)),
      uiRender('SignalChart', chart(3)),
      uiRender('alert_banner', VALID['alert-banner'], { agent: 'sentinel', turn_id: 't1' }),
    ]);
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store} .resolver=${createReplayResolver()}></agent-artifacts>`,
    );
    await run(store);
    expect(await settledTags(list, 4)).to.deep.equal([
      'signal-chart',
      'signal-chart',
      'signal-chart',
      'alert-banner',
    ]);
    const ids = artifactsOf(list)
      .slice(0, 3)
      .map((item) => (elementOf(item)?.props as { signal_def_id: number }).signal_def_id);
    expect(ids).to.deep.equal([1, 2, 3]);
    expect(store.getState().artifacts[3]).to.include({
      source: 'ui_render',
      agent: 'sentinel',
      turnId: 't1',
    });
    store.dispose();
  });

  it('does not show a ui_render identical to one already rendered in the same run', async () => {
    const props = VALID['pattern-match'];
    const { store } = storeWith(
      () => [
        ...toolCall('p1', 'render_pattern_match', props),
        uiRender('pattern_match', props),
        uiRender('PatternMatch', props),
        uiRender('pattern-match', { ...props, similarity: 0.5 }),
      ],
      () => [uiRender('pattern_match', props)],
    );
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store}></agent-artifacts>`,
    );
    await run(store);
    expect(store.getState().artifacts.map((artifact) => artifact.source)).to.deep.equal([
      'tool-call',
      'ui_render',
    ]);
    expect(await settledTags(list, 2)).to.deep.equal(['pattern-match', 'pattern-match']);
    await run(store, 'again');
    // A new run may show the same artifact again.
    expect(await settledTags(list, 3)).to.have.length(3);
    store.dispose();
  });

  it('shows a visible fallback naming the problem for each invalid prop shape', async () => {
    for (const [component, props, problem] of INVALID) {
      const item = await fixture<AgentArtifact>(
        html`<agent-artifact component=${component} .props=${props}></agent-artifact>`,
      );
      await until(() => fallbackOf(item) !== null);
      const fallback = fallbackOf(item) as Element;
      expect(textOf(fallback.querySelector('h3'))).to.match(/^The .+ could not be shown$/);
      expect(textOf(fallback.querySelector('[part="problems"]')), `${component}`).to.contain(
        problem,
      );
      expect(elementOf(item)).to.equal(null);
      const raw = fallback.querySelector('details[part="raw"]') as HTMLDetailsElement;
      expect(textOf(raw.querySelector('summary'))).to.equal('Raw props');
    }
  });

  it('shows an Unsupported artifact card with the raw props in a disclosure', async () => {
    const { store } = storeWith(() => [uiRender('weather_map', { city: 'Lyon', zoom: 3 })]);
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store}></agent-artifacts>`,
    );
    await run(store);
    await settledTags(list, 1);
    const item = artifactsOf(list)[0] as AgentArtifact;
    const card = fallbackOf(item) as Element;
    expect(textOf(card.querySelector('h3'))).to.equal('Unsupported artifact');
    expect(textOf(card)).to.contain('This page has no element for “weather_map”.');
    const raw = card.querySelector('details') as HTMLDetailsElement;
    expect(raw.open).to.equal(false);
    expect(JSON.parse(raw.querySelector('pre')?.textContent ?? '')).to.deep.equal({
      city: 'Lyon',
      zoom: 3,
    });
    await expect(item).to.be.accessible();
    store.dispose();
  });

  it('opens the raw props with the keyboard', async () => {
    const item = await fixture<AgentArtifact>(
      html`<agent-artifact component="no-such-thing" .props=${{ a: 1 }}></agent-artifact>`,
    );
    await until(() => fallbackOf(item) !== null);
    const details = inShadow<HTMLDetailsElement>(item, 'details');
    const summary = inShadow(item, 'summary');
    summary.focus();
    expect(item.shadowRoot?.activeElement).to.equal(summary);
    await sendKeys({ press: 'Enter' });
    expect(details.open).to.equal(true);
    await sendKeys({ press: 'Space' });
    expect(details.open).to.equal(false);
  });

  it('re-checks an unsupported artifact when the host registers its component', async () => {
    const item = await fixture<AgentArtifact>(
      html`<agent-artifact component="host_gauge" .props=${{ level: 3 }}></agent-artifact>`,
    );
    await until(() => fallbackOf(item) !== null);
    const remove = registerArtifact({
      component: 'HostGauge',
      tag: 'x-host-gauge',
      description: 'A gauge',
      schema: async () => {
        await import('../src/zod-setup.js');
        const { z } = await import('zod/v4');
        return z.object({ level: z.number() });
      },
    });
    try {
      await until(() => elementOf(item) !== null);
      const gauge = elementOf(item) as HTMLElement & { props: unknown };
      expect(gauge.localName).to.equal('x-host-gauge');
      expect(gauge.props).to.deep.equal({ level: 3 });
    } finally {
      remove();
    }
  });

  it('says a render call did not arrive when its arguments were not JSON', async () => {
    const { store } = storeWith(() => [
      {
        type: 'TOOL_CALL_START',
        toolCallId: 'bad',
        toolCallName: 'render_bar_chart',
        parentMessageId: 'm1',
      } as BaseEvent,
      { type: 'TOOL_CALL_ARGS', toolCallId: 'bad', delta: '{"title": "x", "bars": [' } as BaseEvent,
      { type: 'TOOL_CALL_END', toolCallId: 'bad' } as BaseEvent,
    ]);
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store}></agent-artifacts>`,
    );
    await run(store);
    await until(() => artifactsOf(list).length === 1);
    const item = artifactsOf(list)[0] as AgentArtifact;
    await until(() =>
      textOf(item.shadowRoot?.querySelector('[part="placeholder"]')).includes('did not arrive'),
    );
    expect(
      item.shadowRoot?.querySelector('[part="placeholder"]')?.getAttribute('aria-busy'),
    ).to.equal('false');
    // The chat renders the message part, which carries the parse error.
    const part = store
      .getState()
      .messages.flatMap((message) => message.parts)
      .find(
        (candidate): candidate is ToolCallPart => candidate.kind === 'tool-call',
      ) as ToolCallPart;
    const host = document.createElement('div');
    document.body.append(host);
    render(renderArtifact(part), host);
    const fromPart = host.firstElementChild as AgentArtifact;
    await fromPart.updateComplete;
    expect(textOf(fallbackOf(fromPart))).to.contain(
      'The arguments of render_bar_chart are not valid JSON.',
    );
    host.remove();
    store.dispose();
  });

  it('gives the chat a renderer for render tool call parts and artifact parts', async () => {
    const { store } = storeWith(() => [
      ...toolCall('k1', 'render_kb_progress', VALID['kb-progress'], 'm1'),
      uiRender('bar_chart', VALID['bar-chart']),
    ]);
    await run(store);
    const renderer = createArtifactRenderer({ theme: 'dark' });
    const part = store
      .getState()
      .messages[1]?.parts.find((p) => p.kind === 'tool-call') as ToolCallPart;
    expect(part.family).to.equal('render');
    const banner = store.getState().artifacts[1];
    const host = await fixture<HTMLDivElement>(
      html`<div>
        ${renderer(part, null)}
        ${renderer({ kind: 'artifact', artifactId: banner?.id ?? '' }, null, banner)}
      </div>`,
    );
    const items = [...host.querySelectorAll<AgentArtifact>('agent-artifact')];
    expect(items).to.have.length(2);
    for (const item of items) item.store = store;
    await until(() => items.every((item) => elementOf(item) !== null));
    expect(items.map((item) => elementOf(item)?.localName)).to.deep.equal([
      'kb-progress',
      'bar-chart',
    ]);
    expect(elementOf(items[0] as AgentArtifact)?.getAttribute('theme')).to.equal('dark');
    expect(renderer({ kind: 'artifact', artifactId: 'missing' }, null)).to.equal(undefined);
    store.dispose();
  });

  it('lets nothing an agent sends throw into the page', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    const onRejection = (event: PromiseRejectionEvent) => errors.push(String(event.reason));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      const cyclic: Record<string, unknown> = { cell_id: 1 };
      cyclic.self = cyclic;
      const { store } = storeWith(() => [
        uiRender('signal_chart', null),
        uiRender('bar_chart', 'bars'),
        uiRender('kb_progress', { steps: [null, 3, { label: {}, status: [] }], cell_id: 1 }),
        uiRender('correlation_matrix', { matrix: { nested: [[1]] } }),
        uiRender('', { a: 1 }),
        uiRender('__proto__', { a: 1 }),
        uiRender('constructor', []),
        { type: 'CUSTOM', name: 'ui_render', value: { component: 7, props: {} } } as BaseEvent,
        ...toolCall('t1', 'render_', {}),
      ]);
      const list = await fixture<AgentArtifacts>(
        html`<agent-artifacts .store=${store}></agent-artifacts>`,
      );
      await run(store);
      await until(
        () => artifactsOf(list).length >= 7 && artifactsOf(list).every((item) => fallbackOf(item)),
      );
      const host = await fixture<AgentArtifact>(
        html`<agent-artifact component="pattern-match" .props=${cyclic}></agent-artifact>`,
      );
      await until(() => fallbackOf(host) !== null);
      expect(textOf(fallbackOf(host))).to.contain('current_event is required');
      store.dispose();
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
    expect(errors).to.deep.equal([]);
  });

  it('passes axe with a placeholder, the elements and the fallbacks', async () => {
    const { store } = storeWith(() => [
      ...Object.entries(VALID).map(([component, props]) => uiRender(component, props)),
      uiRender('signal_chart', { signal_def_id: 1 }),
      uiRender('unknown_widget', { a: 1 }),
    ]);
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store} .resolver=${createReplayResolver()}></agent-artifacts>`,
    );
    await run(store);
    await settledTags(list, 11);
    await until(
      () =>
        !list.shadowRoot?.querySelector('agent-artifact') ||
        artifactsOf(list).every((item) => {
          const element = elementOf(item);
          return !element || !element.shadowRoot?.querySelector('[part="loading"]');
        }),
    );
    await expect(list).to.be.accessible();
    for (const item of artifactsOf(list)) await expect(item).to.be.accessible();
    const streaming = await fixture<AgentArtifact>(
      html`<agent-artifact
        .artifact=${{ id: 'x', source: 'tool-call', name: 'render_bar_chart', props: {}, complete: false, run: 0 }}
      ></agent-artifact>`,
    );
    await expect(streaming).to.be.accessible();
    store.dispose();
  });

  it('keeps every artifact within 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    const { store } = storeWith(() => [
      ...Object.entries(VALID).map(([component, props]) => uiRender(component, props)),
      uiRender('correlation_matrix', {
        cell_id: 1,
        signal_def_ids: [1, 2, 3, 4, 5, 6, 7, 8],
        window_hours: 24,
      }),
      uiRender('unknown_widget', { text: 'x'.repeat(400) }),
      uiRender('bar_chart', {
        ...VALID['bar-chart'],
        bars: [{ label: 'A label that is far too long to fit on one line of a phone', value: -3 }],
      }),
    ]);
    const resolver = createReplayResolver();
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts
        .store=${store}
        .resolver=${{
          ...resolver,
          // Signal 7 and 8 do not exist: the matrix shows its error with Retry, which must fit too.
          signalData: (id: number, hours: number) => resolver.signalData(id, hours),
        }}
      ></agent-artifacts>`,
    );
    await run(store);
    await settledTags(list, 12);
    await tick(100);
    for (const item of artifactsOf(list)) {
      const element = elementOf(item) ?? fallbackOf(item);
      const box = (element as Element).getBoundingClientRect();
      expect(box.right, (element as Element).localName).to.be.at.most(390);
    }
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    store.dispose();
  });
});

describe('Render tools declared as frontend tools', () => {
  it('answers each call "rendered" at once, starts no run, and sends the answer with the next run', async () => {
    const { store, agent } = storeWith(
      () => [...toolCall('d1', 'render_diagnostic_card', VALID['diagnostic-card'], 'm1')],
      () => [],
    );
    const remove = await declareRenderTools(store);
    await run(store);
    await tick(30);
    expect(agent.inputs).to.have.length(1);
    const declared = agent.inputs[0]?.tools.map((tool) => tool.name) ?? [];
    expect(declared).to.include('render_diagnostic_card');
    expect(declared).to.not.include('render_alert_banner');
    const part = store
      .getState()
      .messages.flatMap((message) => message.parts)
      .find((candidate): candidate is ToolCallPart => candidate.kind === 'tool-call');
    expect(part).to.include({
      status: 'done',
      result: 'rendered',
      answeredByClient: true,
      family: 'render',
    });
    expect(store.getState().run.status).to.equal('Completed');
    await run(store, 'next');
    const answer = agent.inputs[1]?.messages.find((message) => message.role === 'tool');
    expect(answer).to.include({ toolCallId: 'd1', content: 'rendered' });
    remove();
    store.dispose();
  });

  it('answers invalid props with the validation error, which the artifact shows too', async () => {
    const { store, agent } = storeWith(() => [
      ...toolCall('s1', 'render_signal_chart', { signal_def_id: 1, window_hours: 24 }, 'm1'),
    ]);
    await declareRenderTools(store, { components: ['signal-chart'] });
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts .store=${store}></agent-artifacts>`,
    );
    await run(store);
    await tick(30);
    expect(agent.inputs).to.have.length(1);
    const part = store
      .getState()
      .messages.flatMap((message) => message.parts)
      .find((candidate): candidate is ToolCallPart => candidate.kind === 'tool-call');
    expect(part?.status).to.equal('failed');
    expect(part?.result).to.contain('render_signal_chart was not rendered: cell_id is required');
    await settledTags(list, 1);
    expect(textOf(fallbackOf(artifactsOf(list)[0] as Element))).to.contain('cell_id is required');
    store.dispose();
  });
});

describe('Cell filtering', () => {
  const events = () => [
    uiRender('pattern_match', { ...VALID['pattern-match'], cell_id: 1 }),
    uiRender('pattern_match', { ...VALID['pattern-match'], cell_id: 2 }),
    uiRender('bar_chart', VALID['bar-chart']),
    uiRender('bar_chart', { ...VALID['bar-chart'], title: 'Cell 2 bars', cell_id: 2 }),
    uiRender('kb_progress', { ...VALID['kb-progress'], cell_id: 2 }),
  ];

  it('shows only the run’s cell (and bar charts without one) with <agent-run cell-id>', async () => {
    const agent = scriptedAgent((input) => [started(input), ...events(), finished(input)]);
    const runEl = await fixture<AgentRun>(
      html`<agent-run .agent=${agent} cell-id="1"><agent-artifacts></agent-artifacts></agent-run>`,
    );
    const list = runEl.querySelector('agent-artifacts') as AgentArtifacts;
    runEl.store.send('go');
    await waitForStatus(runEl.store, 'Completed');
    expect(await settledTags(list, 2)).to.deep.equal(['pattern-match', 'bar-chart']);
    expect(
      (elementOf(artifactsOf(list)[0] as Element)?.props as { cell_id: number }).cell_id,
    ).to.equal(1);
    runEl.cellId = '2';
    await runEl.updateComplete;
    expect(await settledTags(list, 4)).to.deep.equal([
      'pattern-match',
      'bar-chart',
      'bar-chart',
      'kb-progress',
    ]);
    runEl.cellId = null;
    await runEl.updateComplete;
    expect(await settledTags(list, 5)).to.have.length(5);
  });

  it('lets <agent-artifacts cell-id> and components narrow the list', async () => {
    const { store } = storeWith(() => events());
    setArtifactView(store, { cellId: '1' });
    const list = await fixture<AgentArtifacts>(
      html`<agent-artifacts
        .store=${store}
        cell-id="2"
        components="bar_chart KbProgress"
      ></agent-artifacts>`,
    );
    await run(store);
    expect(await settledTags(list, 3)).to.deep.equal(['bar-chart', 'bar-chart', 'kb-progress']);
    list.components = [];
    await list.updateComplete;
    expect(await settledTags(list, 4)).to.deep.equal([
      'pattern-match',
      'bar-chart',
      'bar-chart',
      'kb-progress',
    ]);
    store.dispose();
  });

  it('hides a rendered artifact of another cell, and waits for a streaming call to name its cell', async () => {
    const { store } = storeWith(() => events());
    await run(store);
    const [cell1, cell2, barsWithout] = store.getState().artifacts;
    const host = await fixture<HTMLDivElement>(
      html`<div>
        ${renderArtifact(cell1!, { cellId: 2 })} ${renderArtifact(cell2!, { cellId: 2 })}
        ${renderArtifact(barsWithout!, { cellId: 2 })}
        ${renderArtifact(
          {
            id: 's',
            source: 'tool-call',
            name: 'render_signal_chart',
            props: { signal_def_id: 1 },
            complete: false,
            run: 0,
          },
          { cellId: 2 },
        )}
      </div>`,
    );
    const items = [...host.querySelectorAll<AgentArtifact>('agent-artifact')];
    await until(() => !!elementOf(items[1] as Element) && !!elementOf(items[2] as Element));
    expect(items.map((item) => item.shadowRoot?.childElementCount ?? 0)).to.deep.equal([
      0, 1, 1, 0,
    ]);
    store.dispose();
  });
});

describe('<diagnostic-card latest>', () => {
  const card = (cell: number, title: string) => ({
    ...VALID['diagnostic-card'],
    cell_id: cell,
    title,
  });

  it('shows the run’s latest valid diagnosis, for its cell-id if set', async () => {
    const { store } = storeWith(
      () => [
        ...toolCall('d1', 'render_diagnostic_card', card(1, 'First on cell 1'), 'm1'),
        uiRender('diagnostic_card', card(2, 'On cell 2')),
      ],
      () => [
        ...toolCall('d2', 'render_diagnostic_card', card(1, 'Second on cell 1'), 'm2'),
        uiRender('DiagnosticCard', { ...card(1, 'Broken'), confidence: 7 }),
      ],
    );
    const latest = await fixture<DiagnosticCard>(
      html`<diagnostic-card latest .store=${store}></diagnostic-card>`,
    );
    const forCell1 = await fixture<DiagnosticCard>(
      html`<diagnostic-card latest cell-id="1" .store=${store}></diagnostic-card>`,
    );
    const plain = await fixture<DiagnosticCard>(
      html`<diagnostic-card .store=${store}></diagnostic-card>`,
    );
    const title = (el: DiagnosticCard) => textOf(el.shadowRoot?.querySelector('[part="title"]'));
    expect(textOf(latest.shadowRoot?.querySelector('[part="empty"]'))).to.equal(
      'No diagnosis yet.',
    );
    await run(store);
    await until(() => title(latest) === 'On cell 2' && title(forCell1) === 'First on cell 1');
    await run(store, 'again');
    // The newest card is invalid (confidence 7): the last valid one stays.
    await until(
      () => title(latest) === 'Second on cell 1' && title(forCell1) === 'Second on cell 1',
    );
    expect(textOf(plain.shadowRoot?.querySelector('[part="empty"]'))).to.equal('No diagnosis yet.');
    forCell1.props = { title: 'Given directly' };
    await forCell1.updateComplete;
    expect(title(forCell1)).to.equal('Given directly');
    expect(textOf(forCell1.shadowRoot?.querySelector('[part="details"]'))).to.contain('145 ms');
    latest.latest = false;
    await latest.updateComplete;
    expect(textOf(latest.shadowRoot?.querySelector('[part="empty"]'))).to.equal(
      'No diagnosis yet.',
    );
    store.dispose();
  });
});

describe('<agent-run> artifact settings', () => {
  it('tells its artifacts the cell, the data base (default the endpoint’s origin) and the resolver', async () => {
    const runEl = await fixture<AgentRun>(
      html`<agent-run endpoint="https://agent.example.com/awp" cell-id="2"></agent-run>`,
    );
    expect(selectArtifactView(runEl.store.getState())).to.include({
      cellId: '2',
      dataBase: 'https://agent.example.com',
      source: null,
    });
    runEl.dataBase = '/data';
    await runEl.updateComplete;
    expect(selectArtifactView(runEl.store.getState()).dataBase).to.equal('/data');
    const replay = await fixture<AgentRun>(html`<agent-run source="replay"></agent-run>`);
    expect(selectArtifactView(replay.store.getState()).source).to.equal('replay');
  });

  it('feeds a host resolver to the artifacts inside it', async () => {
    const asked: string[] = [];
    const replay = createReplayResolver();
    const resolver = {
      cellKb: (cellId: number) => {
        asked.push(`kb ${cellId}`);
        return replay.cellKb(cellId);
      },
    };
    const runEl = await fixture<AgentRun>(
      html`<agent-run .resolver=${resolver}
        ><equipment-kb-card cell-id="3"></equipment-kb-card
      ></agent-run>`,
    );
    const cardEl = runEl.querySelector('equipment-kb-card') as HTMLElement;
    await until(
      () =>
        textOf(cardEl.shadowRoot?.querySelector('[part="title"]')) === 'Cell 3: Platform messaging',
    );
    expect(asked).to.deep.equal(['kb 3']);
  });

  it('renders the tag actually registered for each artifact', () => {
    expect(registeredTag('signal-chart')).to.equal(
      customElements.getName(customElements.get('signal-chart') as CustomElementConstructor),
    );
    expect(registeredTag('x-host-tag')).to.equal('x-host-tag');
  });
});
