// The element table and the registration logic behind `define` (no side effects: nothing registers on import).
import { AgentArtifact } from './agent-artifact/agent-artifact.js';
import { AgentArtifacts } from './agent-artifacts/agent-artifacts.js';
import { AgentChat } from './agent-chat/agent-chat.js';
import { AgentRun } from './agent-run/agent-run.js';
import { AlertBanner } from './alert-banner/alert-banner.js';
import { BarChart } from './bar-chart/bar-chart.js';
import { CorrelationMatrix } from './correlation-matrix/correlation-matrix.js';
import { DiagnosticCard } from './diagnostic-card/diagnostic-card.js';
import { EquipmentKbCard } from './equipment-kb-card/equipment-kb-card.js';
import { KbProgress } from './kb-progress/kb-progress.js';
import { PatternMatch } from './pattern-match/pattern-match.js';
import { RunControls } from './run-controls/run-controls.js';
import { ServiceChart } from './service-chart/service-chart.js';
import { SignalChart } from './signal-chart/signal-chart.js';
import { WorkOrderCard } from './work-order-card/work-order-card.js';

/** A tag and the class to register under it. */
export interface ElementDefinition {
  readonly tag: string;
  readonly element: CustomElementConstructor;
}

/** Every element of the package, the provider first so the elements inside it find their store at once. */
export const ELEMENTS: readonly ElementDefinition[] = [
  { tag: 'agent-run', element: AgentRun },
  { tag: 'run-controls', element: RunControls },
  { tag: 'service-chart', element: ServiceChart },
  { tag: 'diagnostic-card', element: DiagnosticCard },
  { tag: 'agent-artifact', element: AgentArtifact },
  { tag: 'agent-artifacts', element: AgentArtifacts },
  { tag: 'signal-chart', element: SignalChart },
  { tag: 'equipment-kb-card', element: EquipmentKbCard },
  { tag: 'work-order-card', element: WorkOrderCard },
  { tag: 'correlation-matrix', element: CorrelationMatrix },
  { tag: 'pattern-match', element: PatternMatch },
  { tag: 'bar-chart', element: BarChart },
  { tag: 'alert-banner', element: AlertBanner },
  { tag: 'kb-progress', element: KbProgress },
  { tag: 'agent-chat', element: AgentChat },
];

/** The prefix of the fallback tag, used when another definition already holds a tag. */
export const FALLBACK_PREFIX = 'agui-';

const registered = new Map<string, string>();

/**
 * Registers each element under its tag, or under `agui-<tag>` when another definition already holds the tag.
 * Idempotent: an element already registered keeps its tag. Returns the tags used, by base tag. Does nothing
 * where there is no custom element registry (a server).
 */
export function defineAll(elements: readonly ElementDefinition[]): ReadonlyMap<string, string> {
  const used = new Map<string, string>();
  if (typeof customElements === 'undefined') return used;
  for (const { tag, element } of elements) {
    const existing = customElements.getName(element);
    if (existing) {
      registered.set(tag, existing);
      used.set(tag, existing);
      continue;
    }
    const name = customElements.get(tag) ? `${FALLBACK_PREFIX}${tag}` : tag;
    if (customElements.get(name)) {
      throw new Error(
        `Cannot register <${tag}>: both <${tag}> and <${name}> are taken by other definitions.`,
      );
    }
    customElements.define(name, element);
    registered.set(tag, name);
    used.set(tag, name);
  }
  return used;
}

/** Registers every element of the package (see `defineAll`). */
export function define(): void {
  defineAll(ELEMENTS);
}

/** The tag an element was actually registered under (`agui-run-controls` when `run-controls` was taken). */
export function tagName(base: string): string {
  return registered.get(base) ?? base;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-run': AgentRun;
    'run-controls': RunControls;
    'service-chart': ServiceChart;
    'diagnostic-card': DiagnosticCard;
    'agent-artifact': AgentArtifact;
    'agent-artifacts': AgentArtifacts;
    'signal-chart': SignalChart;
    'equipment-kb-card': EquipmentKbCard;
    'work-order-card': WorkOrderCard;
    'correlation-matrix': CorrelationMatrix;
    'pattern-match': PatternMatch;
    'bar-chart': BarChart;
    'alert-banner': AlertBanner;
    'kb-progress': KbProgress;
    'agent-chat': AgentChat;
  }
}
