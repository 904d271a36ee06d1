import type { Coercion, ParseOptions, ProviderTarget } from '@toolwright/validation';
import { checkBuildOptions } from './build-options.js';
import { chooseParamsFreezer } from './choose-params-freezer.js';
import { createDeclarationCache } from './declaration-cache.js';
import { deepFreeze } from './deep-freeze.js';
import type { DeepReadonly } from './deep-readonly.js';
import { FrozenToolInvocation, type InvocationBehaviour } from './frozen-tool-invocation.js';
import type { FunctionDeclaration } from './function-declaration.js';
import type { ParamsFreezer } from './params-freezer.js';
import type { BuildOptions, Tool, ToolMetadata } from './tool.js';
import type { ToolConfig, ToolSchema } from './tool-config.js';
import type { ToolInvocation } from './tool-invocation.js';

// Shared by every call that needed no repair: an empty frozen array is the same for all.
const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);

/**
 * Where a tool made by `createTool` keeps its {@link ToolState}. Enumerable, so that a spread copy
 * of a tool (a wrapper that overrides `build`, say) still declares and describes itself.
 */
export const TOOL_STATE = Symbol('toolwright.toolState');

/** The callbacks of a config other than `execute`, read at createTool; most tools have none. */
export interface ToolHooks<Params> {
  readonly extractSignatureContent: ((params: Params) => string) | undefined;
  readonly affectedPaths: ((params: Params) => readonly string[]) | undefined;
  readonly abstractPermissionRule: ((params: Params) => string) | undefined;
  readonly describeInvocation: ((params: Params) => string) | undefined;
}

/**
 * What a tool's methods need besides its public fields: one small object per tool, read by
 * methods every tool shares. A closure per method and tool (three of them, and a context holding
 * every variable any of them read) cost a catalog of 10,000 MCP tools about 320 bytes per tool.
 * Everything a never-called, never-declared tool does not need is made on first use.
 */
export class ToolState<Params> {
  /** The tool as `createTool` made it: a spread copy's methods answer as the original's did. */
  tool!: Tool<Params>;
  /** Bound to the config on the first build. */
  behaviour: InvocationBehaviour<Params> | undefined;
  nullAsAbsentParseOptions: ParseOptions | undefined;
  freezeParams: ParamsFreezer | undefined;
  declarationFor: ((target: ProviderTarget) => FunctionDeclaration) | undefined;
  metadata: ToolMetadata | undefined;

  constructor(
    /** The config: the callbacks run with it as `this`. */
    readonly config: ToolConfig<ToolSchema, Params>,
    readonly execute: ToolConfig<ToolSchema, Params>['execute'],
    readonly hooks: ToolHooks<Params> | undefined,
    /** Only a TypeBox 0.34 schema compiled by createTool is trusted to describe what parse returns. */
    readonly ownSchema: boolean,
    /** Fixed per tool; made on the first build when the config had no validation choices. */
    public parseOptions: ParseOptions | undefined,
  ) {}
}

function stateOf<Params>(tool: unknown, method: string): ToolState<Params> {
  const state = (tool as { [TOOL_STATE]?: ToolState<Params> } | undefined)?.[TOOL_STATE];
  if (state === undefined) {
    throw new TypeError(
      `Tool.${method} was called without its tool as \`this\` (a detached method, as in \`const { ${method} } = tool\`); call it as tool.${method}(...)`,
    );
  }
  return state;
}

/** A tool's fixed parse options, copied (limits included) so that a later change to the config cannot reach them. */
export function parseOptionsOf(
  validation: ToolConfig<ToolSchema, unknown>['validation'],
  toolName: string,
): ParseOptions {
  const { limits, ...choices } = validation ?? {};
  return Object.freeze(
    limits === undefined
      ? { ...choices, toolName }
      : { ...choices, limits: Object.freeze({ ...limits }), toolName },
  );
}

/** `Tool.build` of every tool createTool makes. */
export function buildTool<Params>(
  this: Tool<Params>,
  params: unknown,
  options?: BuildOptions,
): ToolInvocation<Params> {
  const state = stateOf<Params>(this, 'build');
  const { tool } = state;
  if (options !== undefined) {
    checkBuildOptions(options);
  }
  state.parseOptions ??= parseOptionsOf(undefined, tool.name);
  const parseOptions = state.parseOptions;
  if (options?.nullAsAbsent)
    state.nullAsAbsentParseOptions ??= Object.freeze({ ...parseOptions, nullAsAbsent: true });
  const result = tool.validator.parse(
    params,
    options?.nullAsAbsent ? state.nullAsAbsentParseOptions : parseOptions,
  );
  state.freezeParams ??= chooseParamsFreezer(tool.validator, state.ownSchema);
  // Parse shares unchanged parts with the caller's input: those are copied, the rest frozen in place.
  const value = state.freezeParams(result.value, params) as DeepReadonly<Params>;
  const coercions = result.coercions.length === 0 ? NO_COERCIONS : deepFreeze(result.coercions);
  state.behaviour ??= behaviourOf(state);
  return new FrozenToolInvocation(state.behaviour, value, coercions);
}

function behaviourOf<Params>(state: ToolState<Params>): InvocationBehaviour<Params> {
  const { tool, config, hooks } = state;
  return Object.freeze({
    toolName: tool.name,
    displayName: tool.displayName,
    kind: tool.kind,
    isRetrySafe: tool.isRetrySafe,
    parallelism: tool.parallelism,
    isConcurrencySafe: tool.isConcurrencySafe,
    extractSignatureContent: hooks?.extractSignatureContent?.bind(config),
    affectedPaths: hooks?.affectedPaths?.bind(config),
    abstractPermissionRule: hooks?.abstractPermissionRule?.bind(config),
    describeInvocation: hooks?.describeInvocation?.bind(config),
    execute: state.execute.bind(config),
    outputValidator: tool.outputValidator,
  });
}

/** `Tool.getFunctionDeclaration` of every tool createTool makes. */
export function getToolFunctionDeclaration(
  this: Tool,
  target: ProviderTarget = 'json-schema',
): FunctionDeclaration {
  const state = stateOf(this, 'getFunctionDeclaration');
  const { tool } = state;
  state.declarationFor ??= createDeclarationCache({
    name: tool.name,
    description: tool.description,
    validator: tool.validator,
    strict: tool.strict,
  });
  return state.declarationFor(target);
}

/** `Tool.getMetadata` of every tool createTool makes. */
export function getToolMetadata(this: Tool): ToolMetadata {
  const state = stateOf(this, 'getMetadata');
  const { tool } = state;
  state.metadata ??= Object.freeze({
    specificationVersion: 'v1',
    name: tool.name,
    displayName: tool.displayName,
    kind: tool.kind,
    version: tool.version,
    category: tool.category,
    tags: tool.tags,
    description: tool.description,
    isConcurrencySafe: tool.isConcurrencySafe,
    parallelism: tool.parallelism,
    isRetrySafe: tool.isRetrySafe,
    strict: tool.strict,
    source: tool.source,
    shouldDefer: tool.shouldDefer,
    inputSchema: deepFreeze(structuredClone(tool.validator.toJsonSchema())),
    ...(tool.outputValidator === undefined
      ? {}
      : { outputSchema: deepFreeze(structuredClone(tool.outputValidator.toJsonSchema())) }),
  });
  return state.metadata;
}
