// A run failure in the element's language: from its code and values when the store composed it (and the language's
// `failure` table has the code), else its reason as stored — what an agent or a server said stays as sent.
import { FAILURE_TEXT, isFailureCode } from '../../src/i18n/failures.js';
import type { RunFailure } from '../../src/store/types.js';
import type { LocaleController } from './locale-controller.js';

function usableParams(params: unknown): Readonly<Record<string, string | number>> | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const values = Object.values(params as Record<string, unknown>);
  // A restored thread is untrusted: values other than text and numbers mean the stored reason is safer.
  return values.every((value) => typeof value === 'string' || typeof value === 'number')
    ? (params as Readonly<Record<string, string | number>>)
    : null;
}

/** The failure's sentence in the element's language. */
export function failureText(
  failure: RunFailure | null | undefined,
  locale: LocaleController,
): string {
  if (!failure) return '';
  const params = usableParams(failure.params ?? {});
  if (!isFailureCode(failure.code) || !params) return failure.reason;
  const table = locale.strings('failure', FAILURE_TEXT);
  return locale.format(table[failure.code], params);
}
