import type { McpServerStatus } from '@toolwright/mcp-adapter';
import { printableLine } from './printable.js';

/** Phases in which a server's tools can be called. */
const USABLE = new Set<string>(['connected', 'recovered']);

/** True when the server's tools cannot be used now (failed, needs a login, still reconnecting, ...). */
export function isUnusable(status: McpServerStatus): boolean {
  return !USABLE.has(status.phase);
}

/**
 * One line per server for `mcp list`: name, phase, tool count, and for a server that cannot be
 * used the reason (a failed `tools/list` included), never a bare "0 tools" that reads as an
 * empty server.
 */
export function formatMcpList(statuses: readonly McpServerStatus[]): string {
  return statuses
    .map((status) => {
      const usable = !isUnusable(status);
      const tools = usable ? `${String(status.tools).padStart(4)} tools` : '   - tools';
      // One row per server: a newline in an error body would draw rows of servers that do not exist.
      const reason = usable || status.lastError === undefined ? '' : `  ${printableLine(status.lastError)}`;
      return `${printableLine(status.server).padEnd(20)} ${status.phase.padEnd(12)} ${tools}${reason}\n`;
    })
    .join('');
}
