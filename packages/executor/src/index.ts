/**
 * `@toolwright/executor`: runs tool invocations as the toolwright contract says — shared and
 * exclusive batches, same-path locks on real paths, retries of retry-safe tools, hooks that
 * rebuild invocations, timeouts, streaming pre-start — under a permission policy that judges
 * every path by where it really is.
 *
 * @packageDocumentation
 */

export {
  PATH_ACCESS_CONTEXT_FIELD,
  type PathAccess,
  pathAccessOf,
  type SkippedPath,
} from './paths/path-access.js';
export type { ToolCallStreamEvent } from './streaming/tool-call-stream-event.js';
