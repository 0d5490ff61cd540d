// The data records artifacts fetch, and readers that check an answer before anything shows it.
import { ArtifactDataError } from './resolvers.js';

/** One reading of a series: its instant (ISO 8601 or epoch milliseconds) and value. */
export interface SignalReading {
  readonly t: string | number;
  readonly value: number;
}

/** The answer of `GET /api/v1/signals/data/:id` (the fields a chart uses). */
export interface SignalSeriesData {
  readonly signal_def_id: number;
  readonly cell_id: number | string | null;
  readonly name: string;
  readonly unit: string;
  readonly window_hours: number | null;
  readonly threshold: number | null;
  /** The window the series covers (epoch ms), when the answer says; else null. */
  readonly start: number | null;
  readonly end: number | null;
  readonly points: readonly SignalReading[];
  readonly synthetic: boolean;
}

export interface KnowledgeFieldData {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

/** The answer of `GET /api/v1/cells/:id/kb`. */
export interface CellKbData {
  readonly cell_id: number | string;
  readonly name: string;
  readonly services: readonly string[];
  readonly fields: readonly KnowledgeFieldData[];
  readonly synthetic: boolean;
}

/** The answer of `GET /api/v1/work-orders/:id`. */
export interface WorkOrderData {
  readonly id: string;
  readonly cell_id: number | string | null;
  readonly title: string;
  readonly status: string | null;
  readonly priority: string | null;
  readonly created_at: string | null;
  readonly summary: string | null;
  readonly steps: readonly string[];
  readonly synthetic: boolean;
}

type Json = Record<string, unknown>;

function malformed(what: string, problem: string): never {
  throw new ArtifactDataError(`The ${what} is malformed: ${problem}.`);
}

function objectOf(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    malformed(what, 'it is not a JSON object');
  }
  return value as Json;
}

function optionalString(record: Json, key: string): string | null {
  const value = record[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

function optionalNumber(record: Json, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function optionalInstant(record: Json, key: string): number | null {
  const value = record[key];
  const time =
    typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(time) ? time : null;
}

function cellOf(record: Json): number | string | null {
  const value = record.cell_id;
  return typeof value === 'number' || (typeof value === 'string' && value) ? value : null;
}

/** Checks a signal series; the points are checked by whoever turns them into numbers (see `seriesColumns`). */
export function readSignalSeries(value: unknown, signalDefId: number): SignalSeriesData {
  const what = `series of signal ${signalDefId}`;
  const record = objectOf(value, what);
  if (!Array.isArray(record.points)) malformed(what, '"points" is not a list');
  return {
    signal_def_id: optionalNumber(record, 'signal_def_id') ?? signalDefId,
    cell_id: cellOf(record),
    name: optionalString(record, 'name') ?? `Signal ${signalDefId}`,
    unit: optionalString(record, 'unit') ?? '',
    window_hours: optionalNumber(record, 'window_hours'),
    threshold: optionalNumber(record, 'threshold'),
    start: optionalInstant(record, 'start'),
    end: optionalInstant(record, 'end'),
    points: record.points as SignalReading[],
    synthetic: record.synthetic === true,
  };
}

/** Checks a cell's knowledge-base record. */
export function readCellKb(value: unknown, cellId: number): CellKbData {
  const what = `knowledge-base record of cell ${cellId}`;
  const record = objectOf(value, what);
  if (!Array.isArray(record.fields)) malformed(what, '"fields" is not a list');
  const fields = (record.fields as unknown[]).map((item, index) => {
    const field = objectOf(item, `${what} (field ${index + 1})`);
    const key = optionalString(field, 'key');
    const text = field.value;
    if (!key) malformed(what, `field ${index + 1} has no key`);
    if (typeof text !== 'string' && typeof text !== 'number') {
      malformed(what, `field "${key}" has no text value`);
    }
    return { key, label: optionalString(field, 'label') ?? key, value: String(text) };
  });
  const services = Array.isArray(record.services)
    ? record.services.filter((item): item is string => typeof item === 'string')
    : [];
  return {
    cell_id: cellOf(record) ?? cellId,
    name: optionalString(record, 'name') ?? `Cell ${cellId}`,
    services,
    fields,
    synthetic: record.synthetic === true,
  };
}

/** Checks a work order. */
export function readWorkOrder(value: unknown, workOrderId: string): WorkOrderData {
  const what = `work order ${workOrderId}`;
  const record = objectOf(value, what);
  const title = optionalString(record, 'title');
  if (!title) malformed(what, 'it has no title');
  const steps = Array.isArray(record.steps)
    ? record.steps.filter((item): item is string => typeof item === 'string')
    : [];
  return {
    id: optionalString(record, 'id') ?? workOrderId,
    cell_id: cellOf(record),
    title,
    status: optionalString(record, 'status'),
    priority: optionalString(record, 'priority'),
    created_at: optionalString(record, 'created_at'),
    summary: optionalString(record, 'summary'),
    steps,
    synthetic: record.synthetic === true,
  };
}
