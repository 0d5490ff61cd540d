// <signal-chart> with 100,000 readings: time to the drawn chart and the longest main-thread task while it loads.
// Bundled by scripts/bench.mjs and driven through `window.runBench(options)`; the page only measures, Node reports.
import '../components/define.js';
import type { SignalChart } from '../components/signal-chart/signal-chart.js';

export interface ChartBenchOptions {
  /** Readings in the series. */
  readonly points: number;
  /** Charts drawn one after another (each a fresh element). */
  readonly reps: number;
}

export interface ChartBenchRun {
  /** From inserting the element to its drawn path. */
  readonly drawMs: number;
  /** The longest task (PerformanceObserver `longtask`, 50 ms and up; 0 when there was none). */
  readonly longestTaskMs: number;
  readonly longTasks: number;
  /** Points in the drawn path, and the chart's width in pixels. */
  readonly pathPoints: number;
  readonly width: number;
}

export interface ChartBenchResults {
  readonly userAgent: string;
  readonly longTaskSupported: boolean;
  readonly runs: ChartBenchRun[];
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A day of readings, ISO instants, with a spike and a dip a chart must not lose. */
function readings(count: number): { t: string; value: number }[] {
  const start = Date.parse('2026-01-14T12:00:00Z');
  const step = 86_400_000 / count;
  return Array.from({ length: count }, (_, index) => ({
    t: new Date(start + index * step).toISOString(),
    value:
      index === Math.floor(count * 0.73)
        ? 500
        : index === Math.floor(count * 0.12)
          ? -40
          : 50 + Math.sin(index / 500) * 10 + ((index * 7919) % 13) / 4,
  }));
}

async function drawOnce(points: { t: string; value: number }[]): Promise<ChartBenchRun> {
  const series = { name: 'Dense signal', unit: 'ms', threshold: 80, points };
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await pause(50);
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const chart = document.createElement('signal-chart') as SignalChart;
  chart.resolver = { signalData: () => Promise.resolve(series) };
  chart.props = { signal_def_id: 1, window_hours: 24, threshold: 80, cell_id: 1 };
  const started = performance.now();
  document.body.append(chart);
  while (!chart.shadowRoot?.querySelector('path.line')) await pause(1);
  const drawMs = performance.now() - started;
  await frame();
  await frame();
  await pause(100);
  observer.disconnect();
  const d = chart.shadowRoot.querySelector('path.line')?.getAttribute('d') ?? '';
  const width = Number(chart.shadowRoot.querySelector('svg')?.getAttribute('width'));
  chart.remove();
  return {
    drawMs,
    longestTaskMs: Math.max(0, ...tasks),
    longTasks: tasks.length,
    pathPoints: (d.match(/[ML]/g) ?? []).length,
    width,
  };
}

async function runBench(options: ChartBenchOptions): Promise<ChartBenchResults> {
  document.body.style.width = '1280px';
  const points = readings(options.points);
  const runs: ChartBenchRun[] = [];
  // A warm-up draw (module and style work), not recorded.
  await drawOnce(readings(2_000));
  for (let rep = 0; rep < options.reps; rep += 1) runs.push(await drawOnce(points));
  return {
    userAgent: navigator.userAgent,
    longTaskSupported: PerformanceObserver.supportedEntryTypes.includes('longtask'),
    runs,
  };
}

(window as unknown as { runBench: typeof runBench }).runBench = runBench;
