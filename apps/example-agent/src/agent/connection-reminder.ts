import type { McpConnectionChange } from '@toolwright/mcp-client';

function attempts(count: number): string {
  return `${count} attempt${count === 1 ? '' : 's'}`;
}

function because(error: string | undefined): string {
  return error === undefined ? '' : ` (${error})`;
}

/**
 * One connection phase in words the model can act on: whether the server's tools work now, and
 * for how long they may not. `connecting` is transient and says nothing actionable: undefined.
 */
export function describeConnectionChange(change: McpConnectionChange): string | undefined {
  const server = `MCP server ${change.server}`;
  switch (change.state) {
    case 'connecting':
      return undefined;
    case 'connected':
      return `${server} is connected; its tools are available.`;
    case 'reconnecting':
      return `${server} lost its connection${because(change.error)}; reconnecting${change.attempt === undefined ? '' : ` (attempt ${change.attempt})`}. Its tools fail until it recovers.`;
    case 'recovered':
      return `${server} recovered${change.attempt === undefined ? '' : ` after ${attempts(change.attempt)}`}; its tools work again (a call that was cut off may or may not have taken effect).`;
    case 'failed':
      return `${server} failed${change.attempt === undefined ? '' : ` after ${attempts(change.attempt)}`}${because(change.error)}; its tools are unavailable.`;
    case 'needs_auth':
      return `${server} needs the user to log in${because(change.error)}; its tools are unavailable until then.`;
    case 'disconnected':
      return `${server} is disconnected${because(change.error)}.`;
    case 'closed':
      return `${server} was closed; its tools are gone.`;
  }
}

/**
 * The connection reminders of one drain: a `reconnecting` followed by a later phase of the same
 * server says nothing the later one does not, so only outcomes (and a reconnect still under way)
 * reach the model.
 */
export function connectionReminders(changes: readonly McpConnectionChange[]): string[] {
  const reminders: string[] = [];
  changes.forEach((change, index) => {
    if (
      change.state === 'reconnecting' &&
      changes.slice(index + 1).some((later) => later.server === change.server)
    )
      return;
    const text = describeConnectionChange(change);
    if (text !== undefined) reminders.push(text);
  });
  return reminders;
}
