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
 * What the config chose beyond the usual, fixed at createTool: most tools have none of it and
 * share {@link NO_EXTRAS}.
 */
export interface ToolExtras<Params> {
  readonly hooks: ToolHooks<Params> | undefined;
  /** Only a TypeBox 0.34 schema compiled by createTool is trusted to describe what parse returns. */
  readonly ownSchema: boolean;
  /** The parse options of the config's validation choices (copied). */
  readonly parseOptions: ParseOptions | undefined;
}

export const NO_EXTRAS: ToolExtras<unknown> = Object.freeze({
  hooks: undefined,
  ownSchema: false,
  parseOptions: undefined,
});

/** What the first build makes: most tools of a large catalog are never called. */
interface BuiltState<Params> {
  readonly parseOptions: ParseOptions;
  nullAsAbsentParseOptions: ParseOptions | undefined;
  freezeParams: ParamsFreezer | undefined;
  /** Bound to the config. */
  behaviour: InvocationBehaviour<Params> | undefined;
}

/** What declaring the tool or describing it makes: deferred tools may never be declared. */
interface DeclaredState {
  declarationFor: ((target: ProviderTarget) => FunctionDeclaration) | undefined;
  metadata: ToolMetadata | undefined;
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
  built: BuiltState<Params> | undefined;
  declared: DeclaredState | undefined;

  constructor(
    /** The config: the callbacks run with it as `this`. */
    readonly config: ToolConfig<ToolSchema, Params>,
    readonly execute: ToolConfig<ToolSchema, Params>['execute'],
    readonly extras: ToolExtras<Params>,
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
  state.built ??= {
    parseOptions: state.extras.parseOptions ?? parseOptionsOf(undefined, tool.name),
    nullAsAbsentParseOptions: undefined,
    freezeParams: undefined,
    behaviour: undefined,
  };
  const built = state.built;
  if (options?.nullAsAbsent)
    built.nullAsAbsentParseOptions ??= Object.freeze({ ...built.parseOptions, nullAsAbsent: true });
  const result = tool.validator.parse(
    params,
    options?.nullAsAbsent ? built.nullAsAbsentParseOptions : built.parseOptions,
  );
  built.freezeParams ??= chooseParamsFreezer(tool.validator, state.extras.ownSchema);
  // Parse shares unchanged parts with the caller's input: those are copied, the rest frozen in place.
  const value = built.freezeParams(result.value, params) as DeepReadonly<Params>;
  const coercions = result.coercions.length === 0 ? NO_COERCIONS : deepFreeze(result.coercions);
  built.behaviour ??= behaviourOf(state);
  return new FrozenToolInvocation(built.behaviour, value, coercions);
}

function behaviourOf<Params>(state: ToolState<Params>): InvocationBehaviour<Params> {
  const { tool, config } = state;
  const { hooks } = state.extras;
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
  state.declared ??= { declarationFor: undefined, metadata: undefined };
  const declared = state.declared;
  declared.declarationFor ??= createDeclarationCache({
    name: tool.name,
    description: tool.description,
    validator: tool.validator,
    strict: tool.strict,
  });
  return declared.declarationFor(target);
}

/** `Tool.getMetadata` of every tool createTool makes. */
export function getToolMetadata(this: Tool): ToolMetadata {
  const state = stateOf(this, 'getMetadata');
  const { tool } = state;
  state.declared ??= { declarationFor: undefined, metadata: undefined };
  const declared = state.declared;
  declared.metadata ??= Object.freeze({
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
  return declared.metadata;
}
