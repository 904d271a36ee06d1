import { resolveMiddlewareOptions, type ToolwrightMiddlewareOptions } from './bridge-options.js';
import { BridgedTools } from './bridged-tools.js';
import { runBridgedCall } from './run-bridged-call.js';

/** A tool call as LangChain's agent hands it to `wrapToolCall`. */
export interface AgentToolCall {
  readonly name: string;
  readonly args: unknown;
  readonly id?: string | undefined;
}

/**
 * A LangChain agent middleware (`AgentMiddleware` of `langchain` 1.x, written out so the
 * published types need nothing of `langchain`'s own): give it to `createAgent({ middleware })`.
 */
export interface ToolwrightMiddleware {
  readonly name: 'toolwright';
  /** Declares the registry's tools for this model call, beside the agent's own. */
  wrapModelCall<Request extends { readonly tools: readonly unknown[] }, Result>(
    request: Request,
    handler: (request: Request) => Result,
  ): Result;
  /** Runs a call of a registry tool (or of a name no tool has) through the executor. */
  wrapToolCall<
    Request extends {
      readonly toolCall: AgentToolCall;
      readonly tool?: unknown;
      readonly runtime?: { readonly signal?: AbortSignal | undefined };
    },
    Result,
  >(request: Request, handler: (request: Request) => Result): Promise<Awaited<Result>>;
}

/** LangChain's `MIDDLEWARE_BRAND` (a registered symbol), which `createMiddleware` sets. */
const MIDDLEWARE_BRAND = Symbol.for('AgentMiddleware');

/**
 * A middleware for LangChain's `createAgent` that gives the agent a toolwright registry, with
 * deferred loading: at every model call the model is shown what the registry declares now — the
 * loaded tools, ToolSearch while some tool is deferred, Plan mode's ReadOnly tools only with
 * `mode: 'plan'` — so a tool ToolSearch loaded in one step is callable in the next. The agent's
 * own tools stay beside them (one of the same name wins).
 *
 * Every call of a registry tool runs through the `executor` and comes back as a tool message:
 * toolwright's validation (a bad call is an error message the model repairs from), the
 * permission policy (a denial is an error message), and with `approvals`, an `ask` pauses the run
 * with a LangGraph interrupt (see {@link InterruptApprover}). A call of a name no tool has gets the
 * executor's not-found message.
 *
 * Needs no runtime import of `langchain`: the middleware is the plain object `createMiddleware`
 * makes.
 *
 * @throws LangChainBridgeError `invalid_option` when the options are wrong.
 */
export function toolwrightMiddleware(options: ToolwrightMiddlewareOptions): ToolwrightMiddleware {
  const resolved = resolveMiddlewareOptions(options);
  const { registry } = resolved;
  const bridged = new BridgedTools(resolved);
  return {
    [MIDDLEWARE_BRAND]: true,
    name: 'toolwright',
    wrapModelCall(request, handler) {
      const own = new Set(request.tools.map(nameOf));
      const declared = bridged.declared(registry).filter((tool) => !own.has(tool.name));
      return handler({ ...request, tools: [...request.tools, ...declared] });
    },
    async wrapToolCall(request, handler) {
      // The agent's own tool of that name runs as LangChain runs it.
      if (request.tool !== undefined) return await handler(request);
      const { toolCall } = request;
      const tool = registry.get(toolCall.name);
      if (tool !== undefined) return await handler({ ...request, tool: bridged.of(tool) });
      // No tool at all: the executor's not-found message (it points at ToolSearch).
      const message = await runBridgedCall(resolved, {
        request: { id: toolCall.id ?? '', name: toolCall.name, arguments: toolCall.args },
        nullAsAbsent: false,
        signal: request.runtime?.signal,
      });
      // What the handler returns too: LangChain's ToolMessage (its type is not published here).
      return message as never;
    },
  } as ToolwrightMiddleware;
}

function nameOf(tool: unknown): unknown {
  return typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
}
