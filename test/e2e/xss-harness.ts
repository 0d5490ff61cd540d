// The in-page side of the end-to-end XSS test, bundled into one classic script served from 'self': traps that
// record any payload that runs, a CSP violation log, a scripted agent that sends the whole corpus through one
// surface per run, and deep DOM queries for the test to read what the page shows.
import { Observable } from 'rxjs';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import type { RunStore } from '../../src/store/run-store.js';
import type { RunStoreState } from '../../src/store/types.js';
import { deepElements, HTML_PAYLOADS, problemsOf, XSS_PAYLOADS } from '../support/xss-payloads.js';

/** What the test reads back through `window.xssHarness`. */
export interface XssHarness {
  /** Calls of the traps (`xss()`, `alert`, `confirm`, `prompt`): any entry means a payload ran. */
  readonly hits: string[];
  /** Every `securitypolicyviolation` the document saw: directive and blocked URI. */
  readonly reports: string[];
  /** Sends one user message and resolves when its run has ended (any end), with the status. */
  send(text: string): Promise<string>;
  /** Texts of the elements matching a selector, through every shadow root. */
  texts(selector: string): string[];
  /** How many elements match a selector, through every shadow root. */
  count(selector: string): number;
  /** Opens every `<details>` that matches a selector. */
  open(selector: string): number;
  /** Every handler attribute, unsafe URL or element an agent must not produce, in the page now. */
  problems(): string[];
}

declare global {
  interface Window {
    xss?: (id: unknown) => void;
    xssHarness?: XssHarness;
  }
}

const hits: string[] = [];
const reports: string[] = [];

window.xss = (id) => void hits.push(String(id));
window.alert = (message?: unknown) => void hits.push(`alert:${String(message)}`);
window.confirm = (message?: string) => {
  hits.push(`confirm:${String(message)}`);
  return false;
};
window.prompt = (message?: string) => {
  hits.push(`prompt:${String(message)}`);
  return null;
};
document.addEventListener('securitypolicyviolation', (event) => {
  reports.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim());
});

type Step = BaseEvent | 'frame';

const frame = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

const started = (input: RunAgentInput) =>
  ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }) as BaseEvent;
const finished = (input: RunAgentInput, outcome?: unknown) =>
  ({
    type: 'RUN_FINISHED',
    threadId: input.threadId,
    runId: input.runId,
    ...(outcome === undefined ? {} : { outcome }),
  }) as BaseEvent;
const textStart = (messageId: string) =>
  ({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }) as BaseEvent;
const textDelta = (messageId: string, delta: string) =>
  ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta }) as BaseEvent;
const textEnd = (messageId: string) => ({ type: 'TEXT_MESSAGE_END', messageId }) as BaseEvent;
const toolStart = (toolCallId: string, toolCallName: string) =>
  ({ type: 'TOOL_CALL_START', toolCallId, toolCallName }) as BaseEvent;
const toolArgs = (toolCallId: string, delta: string) =>
  ({ type: 'TOOL_CALL_ARGS', toolCallId, delta }) as BaseEvent;
const toolEnd = (toolCallId: string) => ({ type: 'TOOL_CALL_END', toolCallId }) as BaseEvent;

/** Each payload as its own answer, cut in three and paused between the cuts when `paced`. */
function answers(prefix: string, paced: boolean): Step[] {
  return XSS_PAYLOADS.flatMap((payload, index): Step[] => {
    const id = `${prefix}${index}`;
    const cuts = [Math.ceil(payload.length / 3), Math.ceil((payload.length * 2) / 3)];
    const pause: Step[] = paced ? ['frame'] : [];
    return [
      textStart(id),
      textDelta(id, payload.slice(0, cuts[0])),
      ...pause,
      textDelta(id, payload.slice(cuts[0], cuts[1])),
      ...pause,
      textDelta(id, payload.slice(cuts[1])),
      textEnd(id),
    ];
  });
}

function tools(): Step[] {
  return XSS_PAYLOADS.flatMap((payload, index) => {
    const json = JSON.stringify({ query: payload });
    return [
      toolStart(`name-${index}`, payload),
      toolArgs(`name-${index}`, '{}'),
      toolEnd(`name-${index}`),
      {
        type: 'TOOL_CALL_RESULT',
        toolCallId: `name-${index}`,
        messageId: `name-${index}-result`,
        content: payload,
      } as BaseEvent,
      toolStart(`args-${index}`, 'search'),
      toolArgs(`args-${index}`, json.slice(0, 9)),
      toolArgs(`args-${index}`, json.slice(9)),
      toolEnd(`args-${index}`),
      toolStart(`raw-${index}`, 'search'),
      toolArgs(`raw-${index}`, payload),
      toolEnd(`raw-${index}`),
    ];
  });
}

/** System messages, activity, `ui_render` artifacts and approvals, ending the run in Needs approval. */
function pageLevel(input: RunAgentInput): Step[] {
  return [
    {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        ...input.messages,
        ...XSS_PAYLOADS.map((payload, index) => ({
          id: `sys-${index}`,
          role: index % 2 === 0 ? 'system' : 'developer',
          content: payload,
        })),
      ],
    } as BaseEvent,
    ...XSS_PAYLOADS.flatMap((payload, index) => [
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: `act-${index}`,
        activityType: payload,
        content: { title: payload },
      } as BaseEvent,
      {
        type: 'CUSTOM',
        name: 'ui_render',
        value: { component: payload, props: { message: payload }, agent: payload },
      } as BaseEvent,
    ]),
    { type: 'CUSTOM', name: 'on_interrupt', value: XSS_PAYLOADS[0] } as BaseEvent,
    finished(input, {
      type: 'interrupt',
      interrupts: XSS_PAYLOADS.map((payload, index) => ({
        id: `int-${index}`,
        reason: payload,
        message: payload,
      })),
    }),
  ];
}

/** The script of one run, picked by the user's message; any other message gets an empty answer. */
function scriptFor(input: RunAgentInput): Step[] {
  const last = [...input.messages].reverse().find((message) => message.role === 'user');
  const text = typeof last?.content === 'string' ? last.content : '';
  const error = /^surface: error (\d+)$/.exec(text);
  if (error) {
    return [
      started(input),
      { type: 'RUN_ERROR', message: XSS_PAYLOADS[Number(error[1])] } as BaseEvent,
    ];
  }
  switch (text) {
    case 'surface: assistant':
      return [started(input), ...answers('a', false), finished(input)];
    case 'surface: assistant split':
      return [started(input), ...answers('s', true), finished(input)];
    case 'surface: assistant one answer': {
      const chunks = HTML_PAYLOADS.join('\n\n').match(/[\s\S]{1,23}/g) ?? [];
      return [
        started(input),
        textStart('one'),
        ...chunks.flatMap((chunk): Step[] => [textDelta('one', chunk), 'frame']),
        textEnd('one'),
        finished(input),
      ];
    }
    case 'surface: reasoning':
      return [
        started(input),
        ...XSS_PAYLOADS.flatMap((payload, index) => [
          {
            type: 'REASONING_MESSAGE_START',
            messageId: `r${index}`,
            role: 'reasoning',
          } as BaseEvent,
          {
            type: 'REASONING_MESSAGE_CONTENT',
            messageId: `r${index}`,
            delta: payload,
          } as BaseEvent,
          { type: 'REASONING_MESSAGE_END', messageId: `r${index}` } as BaseEvent,
        ]),
        finished(input),
      ];
    case 'surface: tools':
      return [started(input), ...tools(), finished(input)];
    case 'surface: page level':
      return [started(input), ...pageLevel(input)];
    default:
      return [started(input), finished(input)];
  }
}

/** A host's own agent object: `run()` returns an Observable of the scripted events. */
const agent = {
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      let cancelled = false;
      void (async () => {
        for (const step of scriptFor(input)) {
          if (cancelled) return;
          if (step === 'frame') await frame();
          else {
            subscriber.next(step);
            await Promise.resolve();
          }
        }
        if (!cancelled) subscriber.complete();
      })();
      return () => {
        cancelled = true;
      };
    });
  },
  abortRun() {},
};

const OPEN = new Set(['Connecting', 'Streaming']);

function store(): RunStore {
  const run = document.querySelector('agent-run') as (Element & { store: RunStore }) | null;
  if (!run) throw new Error('The page has no <agent-run>.');
  return run.store;
}

/** The text of an element with `<br>` as a line break (innerText is empty for content the page skips rendering). */
function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? '';
  if (node instanceof HTMLBRElement) return '\n';
  return [...node.childNodes].map(textOf).join('');
}

function matching(selector: string): Element[] {
  return deepElements(document).filter((element) => element.matches(selector));
}

window.xssHarness = {
  hits,
  reports,
  send(text) {
    const target = store();
    const number = target.getState().run.number + 1;
    return new Promise<string>((resolve) => {
      const subscription = target.state$.subscribe((state: RunStoreState) => {
        if (state.run.number !== number || OPEN.has(state.run.status)) return;
        queueMicrotask(() => subscription.unsubscribe());
        resolve(state.run.status);
      });
      target.send(text);
    });
  },
  texts: (selector) => matching(selector).map(textOf),
  count: (selector) => matching(selector).length,
  open(selector) {
    const details = matching(selector).filter(
      (element): element is HTMLDetailsElement => element instanceof HTMLDetailsElement,
    );
    for (const element of details) element.open = true;
    return details.length;
  },
  problems() {
    const transcript = matching('[part~="transcript"]');
    return deepElements(document).flatMap((element) =>
      problemsOf(
        element,
        transcript.some((root) => root.contains(element)),
      ),
    );
  },
};

/** Sets the agent once the provider is defined (the ES bundle defines it when its module runs). */
void customElements.whenDefined('agent-run').then(() => {
  const run = document.querySelector('agent-run') as (Element & { agent: unknown }) | null;
  if (run) run.agent = agent;
  document.documentElement.dataset.xssReady = 'true';
});
