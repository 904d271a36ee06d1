import { McpConnectionManager, type McpConnectionManagerOptions } from '../connection-manager.js';
import type { McpServerDefinition } from '../server-definition.js';
import { stdioSupport } from '../stdio.js';

/** The one polling helper of the workspace's tests (no deadline of its own). */
export { waitFor } from '@toolwright/test-support';
export {
  fixturePath,
  freePort,
  inMemoryServer,
  processExists,
  serverEntry,
  temporaryDirectory,
} from '@toolwright/test-support/mcp';

/** A connection manager that starts stdio servers (`stdioSupport`), as a host on Node makes one. */
export function nodeManager(
  servers: readonly McpServerDefinition[],
  options: McpConnectionManagerOptions = {},
): McpConnectionManager {
  return new McpConnectionManager(servers, { stdio: stdioSupport, ...options });
}
