import {
  compileSchema,
  isTypeBox034Schema,
  type ParseOptions,
  type SchemaValidator,
} from '@toolwright/validation';
import { checkToolConfig, PARAMS_SCHEMA } from './check-tool-config.js';
import { checkToolExamples } from './check-tool-examples.js';
import { InvalidToolDefinitionError } from './errors.js';
import { objectRootProblem } from './object-root.js';
import { sharedTagList } from './shared-tag-lists.js';
import { checkSchemaSpecificationVersion } from './specification-version.js';
import { compileOutputSchema } from './structured-output.js';
import { TOOL_MARKER, type Tool } from './tool.js';
import type { SchemaParams, ToolConfig, ToolSchema } from './tool-config.js';
import { normaliseDescription } from './tool-description.js';
import {
  buildTool,
  getToolFunctionDeclaration,
  getToolMetadata,
  NO_EXTRAS,
  parseOptionsOf,
  TOOL_STATE,
  type ToolExtras,
  ToolState,
} from './tool-methods.js';
import { frozenSourceOf } from './tool-source.js';

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
  // A schema recognised by kind (Standard Schema, TypeBox 1, plain JSON Schema) is checked once
  // compiled: its JSON Schema projection must describe an object, as a tool's params are one. A
  // validator given as the schema is compiled to itself, and checkToolConfig checked it already.
  const rootProblem = validator === config.schema ? undefined : objectRootProblem(validator, PARAMS_SCHEMA);
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
  const parseOptions: ParseOptions | undefined =
    validationChoices === undefined ? undefined : parseOptionsOf(validationChoices, name);

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
  const { extractSignatureContent, affectedPaths, abstractPermissionRule, describeInvocation } = config;
  const hooks =
    extractSignatureContent === undefined &&
    affectedPaths === undefined &&
    abstractPermissionRule === undefined &&
    describeInvocation === undefined
      ? undefined
      : { extractSignatureContent, affectedPaths, abstractPermissionRule, describeInvocation };
  // Only a TypeBox 0.34 schema compiled here is trusted to describe what parse returns; any other
  // validator's output (a vendor's transforms included) is frozen by the generic walk.
  const ownSchema = isTypeBox034Schema(config.schema);
  const extras: ToolExtras<Params> =
    hooks === undefined && !ownSchema && parseOptions === undefined
      ? NO_EXTRAS
      : Object.freeze({ hooks, ownSchema, parseOptions });
  const state = new ToolState<Params>(config as ToolConfig<ToolSchema, Params>, config.execute, extras);

  // The methods are the same functions for every tool; what they need of this one is in `state`.
  const tool = {
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
    build: buildTool<Params>,
    getFunctionDeclaration: getToolFunctionDeclaration,
    getMetadata: getToolMetadata,
    [TOOL_STATE]: state,
  } as Tool<Params>;
  state.tool = tool;
  return Object.freeze(tool);
}
