// The GET data routes over the same synthetic generators as the in-page resolver: signal series, cell KB, work orders.

import {
  DEFAULT_WINDOW_HOURS,
  FixtureDataError,
  cellKnowledge,
  signalSeries,
  workOrder,
} from '../../src/fixtures/index.js';
import { jsonError, jsonResponse } from './json-response.js';
import type { RequestHandler } from './agent-handler.js';

/** Every data route starts with this. */
export const DATA_PATH_PREFIX = '/api/v1/';

const SIGNAL_ROUTE = /^\/api\/v1\/signals\/data\/([^/]+)$/;
const CELL_KB_ROUTE = /^\/api\/v1\/cells\/([^/]+)\/kb$/;
const WORK_ORDER_ROUTE = /^\/api\/v1\/work-orders\/([^/]+)$/;

/**
 * `GET /api/v1/signals/data/:signal_def_id?window_hours=N` (N from 1 to 168, default 24),
 * `GET /api/v1/cells/:cell_id/kb` and `GET /api/v1/work-orders/:id`: 200 with JSON, 400 for a malformed or
 * out-of-range parameter, 404 for an unknown id or route, 405 for other methods.
 */
export function createDataHandler(): RequestHandler {
  return async (request) => {
    const url = new URL(request.url);
    const route = matchRoute(url.pathname);
    if (!route) return jsonError(404, `No data route at ${url.pathname}.`);
    if (request.method !== 'GET') {
      return jsonError(405, `Method ${request.method} is not allowed here: use GET.`, {
        allow: 'GET',
      });
    }
    try {
      const parameter = decodeSegment(route.parameter);
      switch (route.name) {
        case 'signal': {
          const windowHours = url.searchParams.get('window_hours');
          return jsonResponse(200, signalSeries(parameter, windowHours ?? DEFAULT_WINDOW_HOURS));
        }
        case 'cell-kb':
          return jsonResponse(200, cellKnowledge(parameter));
        case 'work-order':
          return jsonResponse(200, workOrder(parameter));
        default: {
          const unknown: never = route.name;
          throw new Error(`Unhandled data route ${String(unknown)}`);
        }
      }
    } catch (error) {
      if (error instanceof FixtureDataError) return jsonError(error.status, error.message);
      throw error;
    }
  };
}

type DataRoute = { readonly name: 'signal' | 'cell-kb' | 'work-order'; readonly parameter: string };

function matchRoute(pathname: string): DataRoute | undefined {
  const signal = SIGNAL_ROUTE.exec(pathname);
  if (signal) return { name: 'signal', parameter: signal[1]! };
  const cell = CELL_KB_ROUTE.exec(pathname);
  if (cell) return { name: 'cell-kb', parameter: cell[1]! };
  const order = WORK_ORDER_ROUTE.exec(pathname);
  if (order) return { name: 'work-order', parameter: order[1]! };
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new FixtureDataError(
      400,
      `The path segment ${JSON.stringify(segment)} is not valid percent-encoding.`,
    );
  }
}
