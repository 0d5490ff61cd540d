// The demo page: registers the elements, honours ?endpoint=URL, and shows the run's latest diagnostic card.
import '../components/define.js';
import type { AgentRun } from '../components/agent-run/agent-run.js';
import type {
  DiagnosticCard,
  DiagnosticCardProps,
} from '../components/diagnostic-card/diagnostic-card.js';

const run = document.querySelector<AgentRun>('agent-run');
const card = document.querySelector<DiagnosticCard>('diagnostic-card');
const endpoint = new URLSearchParams(location.search).get('endpoint');
if (run && endpoint) {
  run.setAttribute('endpoint', endpoint);
  run.setAttribute('disclosure', `Connected to ${endpoint}.`);
}

if (run && card) {
  run.store
    .select((state) => state.artifacts)
    .subscribe((artifacts) => {
      const latest = [...artifacts]
        .reverse()
        .find((artifact) => artifact.name === 'render_diagnostic_card' && artifact.complete);
      if (latest) card.props = latest.props as DiagnosticCardProps;
    });
}
