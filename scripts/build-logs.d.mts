import type { LogLevel, RolldownLog } from 'rolldown';

export function onLog(
  level: LogLevel,
  log: RolldownLog,
  handler: (level: LogLevel, log: RolldownLog) => void,
): void;
