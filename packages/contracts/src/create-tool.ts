import {
  type Coercion,
  compileSchema,
  isTypeBox034Schema,
  type ParseOptions,
  type ProviderTarget,
  type SchemaValidator,
} from '@toolwright/validation';
import { checkBuildOptions } from './build-options.js';
import { checkToolConfig } from './check-tool-config.js';
import { checkToolExamples } from './check-tool-examples.js';
import { chooseParamsFreezer } from './choose-params-freezer.js';
import { createDeclarationCache } from './declaration-cache.js';
import { deepFreeze } from './deep-freeze.js';
import type { DeepReadonly } from './deep-readonly.js';
import { InvalidToolDefinitionError } from './errors.js';
import { FrozenToolInvocation, type InvocationBehaviour } from './frozen-tool-invocation.js';
import type { FunctionDeclaration } from './function-declaration.js';
import type { ParamsFreezer } from './params-freezer.js';
import { sharedTagList } from './shared-tag-lists.js';
import { checkSchemaSpecificationVersion } from './specification-version.js';
import { compileOutputSchema } from './structured-output.js';
import { type BuildOptions, TOOL_MARKER, type Tool, type ToolMetadata } from './tool.js';
import type { SchemaParams, ToolConfig, ToolSchema } from './tool-config.js';
import { normaliseDescription } from './tool-description.js';
import type { ToolInvocation } from './tool-invocation.js';
import { frozenSourceOf } from './tool-source.js';

// Shared by every call that needed no repair: an empty frozen array is the same for all.
const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);

/**
 * Defines a tool once and returns it frozen. The config is checked completely first; when
 * anything is wrong, an `InvalidToolDefinitionError` lists every problem and nothing is made.
 *
 * Behaviour flags are fail-closed: `isConcurrencySafe` and `isRetrySafe` default to `false`;
 * `parallelism` follows `isConcurrencySafe` unless set; nothing is inferred from `kind`.
 *
 * @example
 * ```ts
 * const read = createTool({
 *   name: 'Read',
 *   kind: ToolKind.ReadOnly,
 *   isConcurrencySafe: true,
 *   isRetrySafe: true,
 *   schema: Type.Object({ file_path: Type.String() }),
 *   description: 'Reads a UTF-8 text file.',
 *   affectedPaths: (params) => [params.file_path],
 *   execute: async (params) => ToolResults.success(await readFile(params.file_path, 'utf8')),
 * });
 * ```
 */
export function createTool<S extends ToolSchema, P = SchemaParams<S>>(
  config: ToolConfig<S, NoInfer<P>>,
  // NoInfer here too: otherwise a call in a position typed `Tool` (return createTool(...) from a
  // function declared `: Tool`) infers P from that context as unknown and loses the schema's params.
): Tool<NoInfer<P>> {
  type Params = P;
  checkSchemaSpecificationVersion(config);
  const problems = checkToolConfig(config);
  const candidateName = typeof config?.name === 'string' ? config.name : undefined;
  if (problems.length > 0) {
    throw new InvalidToolDefinitionError(candidateName, problems);
  }

  let validator: SchemaValidator<Params>;
  try {
    // Every schema kind behind the one SchemaValidator interface (TypeBox 0.34 compiled and cached).
    validator = compileSchema(config.schema, { name: config.name }) as SchemaValidator<Params>;
  } catch (error) {
    // A schema that cannot be compiled (a bad default, an async or non-JSON vendor schema) is a definition problem.
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidToolDefinitionError(candidateName, [`schema could not be compiled: ${reason}`], {
      cause: error,
    });
  }
  const rootProblem = checkObjectRoot(validator);
  if (rootProblem !== undefined) {
    throw new InvalidToolDefinitionError(candidateName, [rootProblem]);
  }
  const outputValidator = compileOutputSchema(config.outputSchema, config.name);

  // Everything is read from the config once, here: the tool never looks at the config again.
  const { name, kind, version, category } = config;
  const isConcurrencySafe = config.isConcurrencySafe ?? false;
  const parallelism = config.parallelism ?? (isConcurrencySafe ? 'shared' : 'exclusive');
  const isRetrySafe = config.isRetrySafe ?? false;
  const strict = config.strict ?? false;
  const source = frozenSourceOf(config.source);
  const shouldDefer = config.shouldDefer ?? source.type === 'mcp';
  const displayName = config.displayName ?? name;
  // Equal tag lists are one shared frozen array: an MCP server's tools all carry the same few.
  const tags = sharedTagList(config.tags);

  // Parse options are fixed per tool, so build() allocates none of its own. Copied, limits
  // included, so that changing the config object later cannot change the tool; a tool without
  // validation choices gets its options on the first build (most tools of a large catalog are
  // never called).
  const validationChoices = config.validation;
  let parseOptions: ParseOptions | undefined =
    validationChoices === undefined ? undefined : parseOptionsOf(validationChoices, name);
  let nullAsAbsentParseOptions: ParseOptions | undefined;

  // Structured examples are checked against the schema (with build()'s validator) before the
  // description is copied: a wrong example would teach the model a call the tool refuses.
  const exampleProblems = checkToolExamples(
    config.description,
    validator,
    parseOptions ?? parseOptionsOf(undefined, name),
  );
  if (exampleProblems.length > 0) {
    throw new InvalidToolDefinitionError(candidateName, exampleProblems);
  }
  const description = normaliseDescription(config.description);

  // The callbacks are read from the config now and bound to it on the first build: a bound
  // function per tool costs more than the tool's own fields, and most tools are never called.
  const { execute, extractSignatureContent, affectedPaths, abstractPermissionRule, describeInvocation } =
    config;
  let behaviour: InvocationBehaviour<Params> | undefined;

  // The methods below read the tool's own fields from \`tool\`, not from this function's variables:
  // every variable a method reads is kept per tool in its closure context, beside the same value
  // in the tool (a catalog of 10,000 tools paid about 120 bytes per tool for the duplicates).
  // Made on the first declaration: deferred tools may never be declared at all.
  let declarationFor: ((target: ProviderTarget) => FunctionDeclaration) | undefined;
  let metadata: ToolMetadata | undefined;
  // Specialised on the first build, not here: createTool stays cheap for tools never called.
  // Only a TypeBox 0.34 schema compiled here is trusted to describe what parse returns; any other
  // validator's output (a vendor's transforms included) is frozen by the generic walk.
  const ownSchema = isTypeBox034Schema(config.schema);
  let freezeParams: ParamsFreezer | undefined;

  const tool: Tool<Params> = {
    specificationVersion: 'v1',
    [TOOL_MARKER]: true,
    name,
    displayName,
    kind,
    description,
    isConcurrencySafe,
    parallelism,
    declaresAffectedPaths: config.affectedPaths !== undefined,
    isRetrySafe,
    strict,
    version,
    category,
    tags,
    source,
    shouldDefer,
    validator,
    outputValidator,

    build(params: unknown, options?: BuildOptions): ToolInvocation<Params> {
      if (options !== undefined) {
        checkBuildOptions(options);
      }
      parseOptions ??= parseOptionsOf(undefined, tool.name);
      if (options?.nullAsAbsent)
        nullAsAbsentParseOptions ??= Object.freeze({ ...parseOptions, nullAsAbsent: true });
      const result = validator.parse(params, options?.nullAsAbsent ? nullAsAbsentParseOptions : parseOptions);
      freezeParams ??= chooseParamsFreezer(validator, ownSchema);
      // Parse shares unchanged parts with the caller's input: those are copied, the rest frozen in place.
      const value = freezeParams(result.value, params) as DeepReadonly<Params>;
      const coercions = result.coercions.length === 0 ? NO_COERCIONS : deepFreeze(result.coercions);
      behaviour ??= Object.freeze({
        toolName: tool.name,
        displayName: tool.displayName,
        kind: tool.kind,
        isRetrySafe: tool.isRetrySafe,
        parallelism: tool.parallelism,
        isConcurrencySafe: tool.isConcurrencySafe,
        extractSignatureContent: extractSignatureContent?.bind(config),
        affectedPaths: affectedPaths?.bind(config),
        abstractPermissionRule: abstractPermissionRule?.bind(config),
        describeInvocation: describeInvocation?.bind(config),
        execute: execute.bind(config),
        outputValidator: tool.outputValidator,
      });
      return new FrozenToolInvocation(behaviour, value, coercions);
    },

    getFunctionDeclaration(target: ProviderTarget = 'json-schema'): FunctionDeclaration {
      declarationFor ??= createDeclarationCache({
        name: tool.name,
        description: tool.description,
        validator,
        strict: tool.strict,
      });
      return declarationFor(target);
    },

    getMetadata(): ToolMetadata {
      metadata ??= Object.freeze({
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
        inputSchema: deepFreeze(structuredClone(validator.toJsonSchema())),
        ...(tool.outputValidator === undefined
          ? {}
          : { outputSchema: deepFreeze(structuredClone(tool.outputValidator.toJsonSchema())) }),
      });
      return metadata;
    },
  };
  return Object.freeze(tool);
}

/** A tool's fixed parse options, copied (limits included) so that a later change to the config cannot reach them. */
function parseOptionsOf(
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

/**
 * A schema recognised by kind (Standard Schema, TypeBox 1, plain JSON Schema) is checked after it
 * is compiled: its JSON Schema projection must describe an object, as a tool's params are one.
 */
function checkObjectRoot(validator: SchemaValidator): string | undefined {
  let projected: { type?: unknown };
  try {
    projected = validator.toJsonSchema() as { type?: unknown };
  } catch (error) {
    return `schema could not be projected to JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
  }
  return projected.type === 'object'
    ? undefined
    : `schema describes ${JSON.stringify(projected.type) ?? 'no type'} at its root; a tool's parameters must be an object schema (type "object")`;
}
