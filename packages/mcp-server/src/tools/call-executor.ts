import type { Coercion, ToolResult } from '@toolwright/contracts';

/**
 * What runs calls when the host wants its policy applied to MCP clients too: the shape of
 * `ToolExecutor` from `@toolwright/executor` (permission policy, hooks, timeouts, retries,
 * locks), which satisfies it as it is; an executor is taken by this shape, so the host's copy
 * of the executor package need not be this package's.
 *
 * Give the executor `lookup: (name) => registry.get(name)` and no `deferred` state (an MCP
 * client saw every schema in `tools/list`, so nothing is "not loaded"), and build it with
 * `contextFields: mcpCallContextFields()` so that each call's progress callback and
 * {@link McpSessionContext} reach the tool through the executor.
 */
export interface McpCallExecutor {
  executeBatch(
    calls: readonly {
      readonly id: string;
      readonly name: string;
      readonly arguments: unknown;
      readonly idempotencyKey?: string;
    }[],
    options?: { signal?: AbortSignal },
  ): Promise<
    readonly {
      readonly result: ToolResult;
      readonly invocation?: { readonly coercions: readonly Coercion[] } | undefined;
    }[]
  >;
}
