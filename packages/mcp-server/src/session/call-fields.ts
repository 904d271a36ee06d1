import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProgressUpdate } from '@toolwright/contracts';
import type { ArtifactStoreV1 } from '@toolwright/spec';
import {
  ARTIFACTS_CONTEXT_FIELD,
  MCP_SESSION_CONTEXT_FIELD,
  type McpSessionContext,
} from './mcp-session-context.js';

/** The per-call fields a tool's execution context gets from this server. */
export interface CallFields {
  readonly onProgress: ((update: ProgressUpdate) => void) | undefined;
  readonly mcpSession: McpSessionContext;
  readonly artifacts: ArtifactStoreV1 | undefined;
}

const current = new AsyncLocalStorage<CallFields>();

/** Runs `work` with `fields` as the current call's fields (see {@link mcpCallContextFields}). */
export function runWithCallFields<T>(fields: CallFields, work: () => Promise<T>): Promise<T> {
  return current.run(fields, work);
}

/**
 * Context fields for an executor that runs this server's calls (`ToolExecutor`'s
 * `contextFields`). An executor builds every call's context from one fixed set of fields, so
 * these are getters: read while the executor builds a call's context, they yield the
 * `onProgress`, the {@link McpSessionContext} and the artifact store of the MCP request that
 * call belongs to (kept in an `AsyncLocalStorage` for the request), and `undefined` outside one.
 */
export function mcpCallContextFields(): Readonly<Record<string, unknown>> {
  return serverCallContextFields({});
}

/**
 * The context fields of the calls this server runs itself: the request's artifact store, then
 * the host's `contextFields` (a host field named `artifacts` wins), then the request's
 * `onProgress` and MCP session, which no host field may replace.
 */
export function serverCallContextFields(
  hostFields: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  Object.defineProperty(fields, ARTIFACTS_CONTEXT_FIELD, {
    enumerable: true,
    configurable: true,
    get: () => current.getStore()?.artifacts,
  });
  Object.defineProperties(fields, Object.getOwnPropertyDescriptors(hostFields));
  return Object.freeze(
    Object.defineProperties(fields, {
      onProgress: { enumerable: true, get: () => current.getStore()?.onProgress },
      [MCP_SESSION_CONTEXT_FIELD]: { enumerable: true, get: () => current.getStore()?.mcpSession },
    }),
  );
}
