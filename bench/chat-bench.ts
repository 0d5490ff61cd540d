// <agent-chat> streaming cost in the browser: a 10,000-token markdown reply after a short and a long conversation.
// Bundled by scripts/bench.mjs and driven through `window.runBench(options)` once per case; Node adds the tracing.
import type { BaseEvent, Message, RunAgentInput } from '@ag-ui/core';
import { Observable, Subject } from 'rxjs';
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat/agent-chat.js';
import { IncrementalMarkdown, MarkdownEngine } from '../components/agent-chat/markdown.js';
import { CodeHighlight } from '../components/agent-chat/rich/code-highlight.js';
import { RunStore } from '../src/store/run-store.js';
import type { AgentLike } from '../src/store/types.js';

/**
 * Markdown time, measured from outside the product: every IncrementalMarkdown.update of the page (the chat's and
 * the comparison parse) is timed by this wrapper, which the product code knows nothing of.
 */
const markdownStats = { ms: 0, parses: 0 };
const productUpdate = IncrementalMarkdown.prototype.update;
IncrementalMarkdown.prototype.update = function timedUpdate(
  this: IncrementalMarkdown,
  ...args: Parameters<IncrementalMarkdown['update']>
) {
  const started = performance.now();
  try {
    return productUpdate.apply(this, args);
  } finally {
    markdownStats.ms += performance.now() - started;
    markdownStats.parses += 1;
  }
};

/** Where markdown time goes: marked's lexing and the highlighter's colouring, timed by wrappers as above. */
const stageStats = { lexMs: 0, highlightMs: 0 };
function timeStage<T extends object, K extends keyof T & string>(
  prototype: T,
  name: K,
  stat: keyof typeof stageStats,
): void {
  const original = prototype[name] as unknown as (...args: unknown[]) => unknown;
  (prototype as Record<string, unknown>)[name] = function timedStage(
    this: unknown,
    ...args: unknown[]
  ) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      stageStats[stat] += performance.now() - started;
    }
  };
}
timeStage(MarkdownEngine.prototype, 'lex', 'lexMs');
timeStage(CodeHighlight.prototype, 'lines', 'highlightMs');

export interface ChatCaseOptions {
  /** Earlier messages in the conversation before the measured reply. */
  readonly history: number;
  /** Tokens of the measured reply. */
  readonly tokens: number;
  /** Tokens delivered per network tick. */
  readonly tokensPerTick: number;
  /** Milliseconds between ticks. */
  readonly tickMs: number;
  /** The reply: the latency report (prose, lists, tables, a little SQL) or the mixed one, code in many languages. */
  readonly reply?: 'report' | 'mixed';
}

export interface ChatCaseResult {
  readonly history: number;
  readonly tokens: number;
  readonly replyChars: number;
  /** From the first token to the rendered end of the reply. */
  readonly streamMs: number;
  /** Time between animation frames while the reply streamed. */
  readonly frameMs: number[];
  /** Markdown to templates (IncrementalMarkdown.update), summed over the stream. */
  readonly markdownMs: number;
  /** Of the markdown time: marked's lexing, and the highlighter's colouring of code blocks. */
  readonly lexMs: number;
  readonly highlightMs: number;
  readonly markdownParses: number;
  /** Tasks of 50 ms or more seen by a longtask observer (Node also reads the trace). */
  readonly longTasks: number[];
  /** One parse of the whole reply (lexed and turned into templates, not incremental), for comparison. */
  readonly fullParseMs: number;
  readonly renderedBlocks: number;
}

const PARAGRAPH =
  'API latency on cell 1 rose from 60 ms to 145 ms while the request volume stayed flat; the queue and search ' +
  'services held steady, so the change points at the API hosts rather than at the traffic they receive. ';

/** A long markdown report with the block types an agent writes: headings, lists, tables, code, quotes. */
function report(chars: number): string {
  const sections: string[] = [];
  for (let index = 0; sections.join('').length < chars; index += 1) {
    sections.push(
      `## Finding ${index + 1}\n\n${PARAGRAPH}${PARAGRAPH}\n\n` +
        `- **Service:** api (cell ${(index % 3) + 1})\n- Latency p95: ${100 + index} ms\n- Volume: ${1200 + index * 3} requests\n\n` +
        (index % 3 === 0
          ? `| Bucket | p95 ms | Requests |\n| --- | ---: | ---: |\n| 11:00 | ${90 + index} | 1,180 |\n| 11:05 | ${140 + index} | 1,210 |\n\n`
          : '') +
        (index % 4 === 1
          ? '```sql\nSELECT bucket, p95_ms FROM api_latency\nWHERE cell_id = 1\nORDER BY bucket DESC;\n```\n\n'
          : '') +
        (index % 5 === 2 ? `> Runbook step ${index}: check the connection pool first.\n\n` : ''),
    );
  }
  return sections.join('').slice(0, chars);
}

/** Fenced code an agent writes, in the languages the highlighter colours: long enough to grow across many frames. */
const FENCES = [
  '```ts\nexport async function latency(cell: number): Promise<number[]> {\n' +
    '  const response = await fetch(`/api/v1/signals/data/${cell}`);\n' +
    '  if (!response.ok) throw new Error(`HTTP ${response.status}`);\n' +
    '  const rows: { t: string; p95: number }[] = await response.json();\n' +
    '  // The last day, newest first.\n' +
    '  return rows.slice(-288).map((row) => row.p95).reverse();\n}\n```\n\n',
  '```json\n{\n  "cell_id": 1,\n  "signal_def_id": 4,\n  "window_hours": 24,\n' +
    '  "threshold": 120.5,\n  "services": ["api", "search", "queue"],\n  "printable": true\n}\n```\n\n',
  '```python\nimport statistics\n\ndef p95(values: list[float]) -> float:\n' +
    '    """The 95th percentile of the window."""\n    ordered = sorted(values)\n' +
    '    return ordered[int(len(ordered) * 0.95) - 1] if ordered else 0.0\n\n' +
    'print(p95([60, 72, 145, 98]), statistics.median([60, 72]))\n```\n\n',
  '```bash\nfor cell in 1 2 3; do\n  curl -s "/api/v1/signals/data/$cell" | jq \'.[-1].p95\'\ndone\n```\n\n',
  '```yaml\nalerts:\n  - name: api-latency\n    threshold_ms: 120\n    cells: [1, 2]\n' +
    '    notify: "#oncall"\n```\n\n',
  '```diff\n- pool_size: 10\n+ pool_size: 25\n  timeout_ms: 3000\n```\n\n',
];

/** A 30 KB answer that is mostly code: a fence in another language every section, and a table every other one. */
function mixedReport(chars: number): string {
  const sections: string[] = [];
  for (let index = 0; sections.join('').length < chars; index += 1) {
    sections.push(
      `### Step ${index + 1}\n\n${PARAGRAPH}\n\n` +
        (FENCES[index % FENCES.length] ?? '') +
        (index % 2 === 0
          ? '| Service | p95 ms | Requests | Errors |\n| --- | ---: | ---: | ---: |\n' +
            `| api | ${140 + index} | 1,210 | 3 |\n| search | 110 | 980 | 0 |\n| queue | 60 | 2,400 | 1 |\n\n`
          : ''),
    );
  }
  return sections.join('').slice(0, chars);
}

/** The reply cut into `count` tokens of about the same size (cuts fall inside words and markup, as streams do). */
function tokenize(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  const tokens: string[] = [];
  for (let offset = 0; offset < text.length; offset += size) {
    tokens.push(text.slice(offset, offset + size));
  }
  return tokens;
}

function history(count: number): Message[] {
  const messages: Message[] = [];
  for (let index = 0; index < count; index += 1) {
    messages.push(
      index % 2 === 0
        ? { id: `h-${index}`, role: 'user', content: `Question ${index}: how is API latency now?` }
        : {
            id: `h-${index}`,
            role: 'assistant',
            content:
              `Answer ${index}: latency is **${60 + index} ms**.\n\n- API: ${60 + index} ms\n- Search: 110 ms\n\n` +
              '```sh\ncurl /api/v1/signals/data/1\n```\n\n' +
              PARAGRAPH,
          },
    );
  }
  return messages;
}

/** An agent whose runs the bench feeds by hand. */
function handAgent(): AgentLike & { readonly runs: Subject<BaseEvent>[]; inputs: RunAgentInput[] } {
  const runs: Subject<BaseEvent>[] = [];
  const inputs: RunAgentInput[] = [];
  return {
    runs,
    inputs,
    run(input) {
      inputs.push(input);
      const subject = new Subject<BaseEvent>();
      runs.push(subject);
      return new Observable<BaseEvent>((subscriber) => subject.subscribe(subscriber));
    },
  };
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

function event(value: Record<string, unknown>): BaseEvent {
  return value as unknown as BaseEvent;
}

let caseCount = 0;

async function runCase(options: ChatCaseOptions): Promise<ChatCaseResult> {
  caseCount += 1;
  document.body.replaceChildren();
  const agent = handAgent();
  const store = new RunStore({ agent, threadId: `bench-${caseCount}` });
  const chat = document.createElement('agent-chat') as AgentChat;
  chat.style.setProperty('--agui-chat-height', '860px');
  chat.store = store;
  document.body.append(chat);

  // The earlier conversation arrives in one snapshot, then renders and settles before anything is measured.
  const earlier = history(options.history);
  store.run({ forwardedProps: { bench: 'history' } });
  await until(() => agent.runs.length === 1, 'the history run');
  const setup = agent.runs[0] as Subject<BaseEvent>;
  const input = agent.inputs[0] as RunAgentInput;
  setup.next(event({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }));
  setup.next(event({ type: 'MESSAGES_SNAPSHOT', messages: earlier }));
  setup.next(event({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId }));
  await until(() => store.getState().run.status === 'Completed', 'the history');
  await until(
    () => (chat.shadowRoot?.querySelectorAll('[part~="message"]').length ?? 0) >= options.history,
    'the history to render',
  );
  for (let index = 0; index < 10; index += 1) await frame();
  await sleep(200);

  const reply =
    options.reply === 'mixed' ? mixedReport(options.tokens * 3) : report(options.tokens * 3);
  const tokens = tokenize(reply, options.tokens);
  store.send('Write the full latency report.');
  await until(() => agent.runs.length === 2, 'the reply run');
  const run = agent.runs[1] as Subject<BaseEvent>;
  const replyInput = agent.inputs[1] as RunAgentInput;
  run.next(event({ type: 'RUN_STARTED', threadId: replyInput.threadId, runId: replyInput.runId }));
  run.next(event({ type: 'TEXT_MESSAGE_START', messageId: 'reply', role: 'assistant' }));
  await frame();
  await frame();

  const longTasks: number[] = [];
  const observer =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('longtask')
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        })
      : null;
  observer?.observe({ type: 'longtask' });
  const frameMs: number[] = [];
  let streaming = true;
  let last = await frame();
  void (async () => {
    while (streaming) {
      const now = await frame();
      frameMs.push(now - last);
      last = now;
    }
  })();
  const mark = (window as unknown as { chatBenchMark?: (label: string) => Promise<void> })
    .chatBenchMark;
  await mark?.('start');
  const markdownBefore = markdownStats.ms;
  const stagesBefore = { ...stageStats };
  const parsesBefore = markdownStats.parses;
  const started = performance.now();
  for (let index = 0; index < tokens.length; index += options.tokensPerTick) {
    for (const delta of tokens.slice(index, index + options.tokensPerTick)) {
      run.next(event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'reply', delta }));
    }
    await sleep(options.tickMs);
  }
  run.next(event({ type: 'TEXT_MESSAGE_END', messageId: 'reply' }));
  run.next(event({ type: 'RUN_FINISHED', threadId: replyInput.threadId, runId: replyInput.runId }));
  await until(() => store.getState().run.status === 'Completed', 'the reply to finish');
  const lastRow = () =>
    chat.shadowRoot?.querySelector('[data-role="assistant"]:last-of-type .markdown')?.textContent ??
    '';
  await until(
    () => lastRow().includes(reply.trim().slice(-40).trim().slice(-20)),
    'the rendered end',
  );
  await chat.updateComplete;
  await frame();
  const streamMs = performance.now() - started;
  await mark?.('end');
  streaming = false;
  observer?.disconnect();

  const engine = new MarkdownEngine({
    copyCode: 'Copy code',
    copyCsv: 'Copy as CSV',
    code: 'Code',
    image: 'Image: {alt}',
  });
  const stages = {
    lexMs: stageStats.lexMs - stagesBefore.lexMs,
    highlightMs: stageStats.highlightMs - stagesBefore.highlightMs,
  };
  const fullBefore = performance.now();
  new IncrementalMarkdown(engine).update(reply, true);
  const fullParseMs = performance.now() - fullBefore;
  markdownStats.ms -= fullParseMs;
  markdownStats.parses -= 1;

  const result: ChatCaseResult = {
    history: options.history,
    tokens: tokens.length,
    replyChars: reply.length,
    streamMs,
    frameMs,
    markdownMs: markdownStats.ms - markdownBefore,
    markdownParses: markdownStats.parses - parsesBefore,
    ...stages,
    longTasks,
    fullParseMs,
    renderedBlocks:
      chat.shadowRoot?.querySelectorAll('[data-role="assistant"]:last-of-type .block').length ?? 0,
  };
  store.dispose();
  chat.remove();
  return result;
}

(window as unknown as { runBench: typeof runCase }).runBench = runCase;
