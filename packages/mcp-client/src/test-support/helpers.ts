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
