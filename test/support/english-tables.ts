// Every English table a language pack covers, by namespace (the element's base tag; `activity` for the activity log).
import { AGENT_ARTIFACT_STRINGS } from '../../components/agent-artifact/agent-artifact.js';
import { AGENT_ARTIFACTS_STRINGS } from '../../components/agent-artifacts/agent-artifacts.js';
import { AGENT_CHAT_STRINGS } from '../../components/agent-chat/strings.js';
import { AGENT_INSPECTOR_STRINGS } from '../../components/agent-inspector/strings.js';
import { AGENT_LAUNCHER_STRINGS } from '../../components/agent-launcher/strings.js';
import { AGENT_RUN_STRINGS } from '../../components/agent-run/agent-run.js';
import { AGENT_THREADS_STRINGS } from '../../components/agent-threads/agent-threads.js';
import { ALERT_BANNER_STRINGS } from '../../components/alert-banner/alert-banner.js';
import { BAR_CHART_STRINGS } from '../../components/bar-chart/bar-chart.js';
import { CORRELATION_MATRIX_STRINGS } from '../../components/correlation-matrix/correlation-matrix.js';
import { DIAGNOSTIC_CARD_STRINGS } from '../../components/diagnostic-card/diagnostic-card.js';
import { EQUIPMENT_KB_CARD_STRINGS } from '../../components/equipment-kb-card/equipment-kb-card.js';
import { KB_PROGRESS_STRINGS } from '../../components/kb-progress/kb-progress.js';
import { PATTERN_MATCH_STRINGS } from '../../components/pattern-match/pattern-match.js';
import { RUN_CONTROLS_STRINGS } from '../../components/run-controls/run-controls.js';
import { SERVICE_CHART_STRINGS } from '../../components/service-chart/service-chart.strings.js';
import { SIGNAL_CHART_STRINGS } from '../../components/signal-chart/signal-chart.strings.js';
import { WORK_ORDER_CARD_STRINGS } from '../../components/work-order-card/work-order-card.js';
import { FAILURE_TEXT } from '../../src/i18n/failures.js';
import { ACTIVITY_TABLE } from '../../src/store/activity.js';

export const ENGLISH_TABLES: Readonly<Record<string, object>> = {
  'agent-artifact': AGENT_ARTIFACT_STRINGS,
  'agent-artifacts': AGENT_ARTIFACTS_STRINGS,
  'agent-chat': AGENT_CHAT_STRINGS,
  'agent-inspector': AGENT_INSPECTOR_STRINGS,
  'agent-launcher': AGENT_LAUNCHER_STRINGS,
  'agent-run': AGENT_RUN_STRINGS,
  'agent-threads': AGENT_THREADS_STRINGS,
  'alert-banner': ALERT_BANNER_STRINGS,
  'bar-chart': BAR_CHART_STRINGS,
  'correlation-matrix': CORRELATION_MATRIX_STRINGS,
  'diagnostic-card': DIAGNOSTIC_CARD_STRINGS,
  'equipment-kb-card': EQUIPMENT_KB_CARD_STRINGS,
  'kb-progress': KB_PROGRESS_STRINGS,
  'pattern-match': PATTERN_MATCH_STRINGS,
  'run-controls': RUN_CONTROLS_STRINGS,
  'service-chart': SERVICE_CHART_STRINGS,
  'signal-chart': SIGNAL_CHART_STRINGS,
  'work-order-card': WORK_ORDER_CARD_STRINGS,
  activity: ACTIVITY_TABLE,
  failure: FAILURE_TEXT,
};
