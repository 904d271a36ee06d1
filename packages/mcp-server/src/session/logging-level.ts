import type { LoggingLevel } from '@modelcontextprotocol/server';

/** The MCP log levels, least severe first (RFC 5424 order). */
const LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** True when a message at `level` passes a client that asked for `minimum` and above. */
export function passesLevel(level: LoggingLevel, minimum: LoggingLevel | undefined): boolean {
  return minimum === undefined || LEVELS.indexOf(level) >= LEVELS.indexOf(minimum);
}
