// The props types of the built-in artifacts, derived from their zod schemas (types only: no zod at runtime).
import type { z } from 'zod/v4';
import type {
  ALERT_BANNER_PROPS,
  BAR_CHART_PROPS,
  CORRELATION_MATRIX_PROPS,
  DIAGNOSTIC_CARD_PROPS,
  EQUIPMENT_KB_CARD_PROPS,
  KB_PROGRESS_PROPS,
  KB_STEP_STATUSES,
  PATTERN_MATCH_PROPS,
  SIGNAL_CHART_PROPS,
  WORK_ORDER_CARD_PROPS,
} from './schemas.js';

export type SignalChartProps = z.output<typeof SIGNAL_CHART_PROPS>;
export type ValidDiagnosticCardProps = z.output<typeof DIAGNOSTIC_CARD_PROPS>;
export type WorkOrderCardProps = z.output<typeof WORK_ORDER_CARD_PROPS>;
export type EquipmentKbCardProps = z.output<typeof EQUIPMENT_KB_CARD_PROPS>;
export type PatternMatchProps = z.output<typeof PATTERN_MATCH_PROPS>;
export type BarChartProps = z.output<typeof BAR_CHART_PROPS>;
export type BarChartBar = BarChartProps['bars'][number];
export type AlertBannerProps = z.output<typeof ALERT_BANNER_PROPS>;
export type AlertSeverity = AlertBannerProps['severity'];
export type KbProgressProps = z.output<typeof KB_PROGRESS_PROPS>;
export type KbStepStatus = (typeof KB_STEP_STATUSES)[number];
export type KbProgressStep = KbProgressProps['steps'][number];
export type CorrelationMatrixProps = z.output<typeof CORRELATION_MATRIX_PROPS>;
