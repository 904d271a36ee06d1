import { checkOptions, type OptionTable, previewText } from '@toolwright/utils';
import type { Ajv, ValidateFunction } from 'ajv';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { createArgumentError } from '../errors/tool-validation-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { collectAjvIssues } from '../issues/ajv-issues.js';
import { IssueBuilder } from '../issues/issue-builder.js';
import { formatValidationMessage } from '../messages/format-validation-message.js';
import { invalidOption } from '../options/invalid-option.js';
import { guardArguments, requireObjectArguments } from '../parse/argument-guard.js';
import { fillDefaults } from '../parse/fill-defaults.js';
import {
  createParseOptionsResolver,
  type ParseOptionsResolver,
  type ResolvedParseOptions,
} from '../parse/parse-context.js';
import { repairValue } from '../parse/repair-arguments.js';
import { repairContext } from '../parse/repair-context.js';
import { PROJECTABLE_DEPTH, plainRootIsObject, toJsonSchemaFromPlain } from '../projection/to-json-schema.js';
import type { JsonSchema } from '../schema/json-types.js';
import { rewriteSchema } from '../schema/rewrite-schema.js';
import { createRefResolver, type SchemaNode } from '../schema/schema-node.js';
import { buildSchemaPlan, type SchemaPlan } from '../schema/schema-plan.js';
import type {
  Coercion,
  DescribesObjectRoot,
  ParseOptions,
  ParseResult,
  SchemaValidator,
} from '../schema/schema-validator.js';
import { JSON_SCHEMA_FILLER } from './json-schema-filler.js';
import { type JsonSchemaLimits, resolveJsonSchemaLimits } from './json-schema-limits.js';
import { linearRegExpEngine } from './linear-regexp.js';
import { loadAjv } from './load-ajv.js';
import { type PackedSchema, packSchema, unpackSchema } from './packed-schema.js';
import { isScreenReport, type JsonSchemaReport, prescreenJsonSchema } from './prescreen-json-schema.js';

/** Options of {@link compileJsonSchema} beyond the limits. */
export interface CompileJsonSchemaOptions {
  /** Names the schema (usually the tool) in errors about the schema itself. */
  name?: string;
}

const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);
const COMPILE_OPTIONS: OptionTable<CompileJsonSchemaOptions> = { name: { kind: 'string' } };

type Dialect = 'draft-07' | '2020-12';

/**
 * Base URI given to a foreign schema without a root `$id`. Ajv (with `addUsedSchema: false`, which
 * keeps servers' schemas from colliding) cannot resolve a root reference `"$ref": "#"` met inside a
 * subschema unless the root has an id ("can't resolve reference # from id #"), and real servers
 * send such recursive schemas (trees, nested filters). The id is never registered or fetched; it
 * only anchors `#` and `#/...` references to this schema.
 */
const LOCAL_SCHEMA_ID = 'urn:toolwright:input-schema';
const engines: Partial<Record<Dialect, Ajv>> = {};

/** One shared Ajv per dialect, created on first use. */
function engineFor(dialect: Dialect): Ajv {
  let engine = engines[dialect];
  if (engine === undefined) {
    const options = {
      // Real servers' schemas use vendor keywords and formats Ajv's strict mode refuses.
      strict: false,
      allErrors: true,
      verbose: true,
      validateFormats: false,
      // Schemas with the same `$id` from different servers must not collide in a shared registry.
      addUsedSchema: false,
      logger: false as const,
      code: { regExp: linearRegExpEngine },
    };
    const classes = loadAjv();
    engine = dialect === '2020-12' ? new classes.Ajv2020(options) : new classes.Ajv(options);
    engines[dialect] = engine;
  }
  return engine;
}

function dialectOf(schema: Record<string, unknown>): Dialect {
  const declared = schema.$schema;
  return typeof declared === 'string' && declared.includes('2020-12') ? '2020-12' : 'draft-07';
}

/**
 * What a validator builds on its first `parse` (most tools of a catalog are never called, and
 * their validators carry none of it): one object, not five fields per validator.
 */
interface CompiledState {
  /** Resolves the options a call passes, remembering the tool's own. */
  readonly resolveOptions: ParseOptionsResolver;
  /** The screened copy, closed like the projection (additionalProperties: false). */
  closed: SchemaNode | undefined;
  plan: SchemaPlan | undefined;
  validate: ValidateFunction | undefined;
  compileError: string | undefined;
}

/**
 * The validators whose schema was screened deeper than the projection walks: only their
 * projection can tell what their root is. Almost never one; a set rather than a field on every
 * validator of a catalog.
 */
const deeperThanProjectable = new WeakSet<object>();

/** A foreign JSON Schema validator; see {@link compileJsonSchema}. */
class JsonSchemaValidator implements SchemaValidator<Record<string, unknown>>, DescribesObjectRoot {
  // On the prototype, not on each of thousands of validators.
  get specificationVersion(): 'v1' {
    return 'v1';
  }
  get source(): 'json-schema' {
    return 'json-schema';
  }
  /**
   * The schema's name (usually the tool's) for errors about the schema itself; the subject text
   * is made only for such an error (made for every validator, it cost each of 10,000 listed tools
   * about 150 bytes of concatenated string).
   */
  readonly #name: string | undefined;
  readonly #hasDefaults: boolean;
  #compiledState: CompiledState | undefined;
  /**
   * The projection, held weakly: a deferred tool of a large catalog is asked for it when declared
   * (`createTool` asks {@link describesObjectRoot} instead), maybe once and never again, so it is
   * not kept for the tool's whole life; while anyone holds it, every call returns the same frozen
   * object.
   */
  #projection: WeakRef<JsonSchema> | undefined;
  /** The screened copy, packed until first use (see `packSchema`): most tools of a catalog are never called. */
  readonly #packed: PackedSchema;

  /** `depth`: how deep the screen found the schema (as JSON, the root object being level 1). */
  constructor(plain: SchemaNode, name: string | undefined, hasDefaults: boolean, depth: number) {
    this.#name = name;
    this.#packed = packSchema(plain);
    this.#hasDefaults = hasDefaults;
    if (depth > PROJECTABLE_DEPTH) deeperThanProjectable.add(this);
  }

  /** The screened copy as a plain tree, unpacked anew for each use (a projection or the compile). */
  get #plain(): SchemaNode {
    return unpackSchema(this.#packed) as SchemaNode;
  }

  /** See {@link screenedJsonSchemaOf}. */
  static screenedOf(validator: object): Record<string, unknown> | undefined {
    return #packed in validator ? unpackSchema(validator.#packed) : undefined;
  }

  /**
   * True when {@link toJsonSchema} describes an object at its root, told from the screened root
   * without projecting (see `plainRootIsObject`); `undefined` when only the projection can tell:
   * another root, a schema screened deeper than the projection walks, or an object that merely
   * shares this prototype.
   */
  describesObjectRoot(): true | undefined {
    if (!(#packed in this) || deeperThanProjectable.has(this)) return undefined;
    return plainRootIsObject(this.#packed) ? true : undefined;
  }

  toJsonSchema(): JsonSchema {
    const held = this.#projection?.deref();
    if (held !== undefined) return held;
    const projection = toJsonSchemaFromPlain(this.#plain);
    this.#projection = new WeakRef(projection);
    return projection;
  }

  /** The state of the first parse, made then. */
  get #state(): CompiledState {
    this.#compiledState ??= {
      resolveOptions: createParseOptionsResolver(),
      closed: undefined,
      plan: undefined,
      validate: undefined,
      compileError: undefined,
    };
    return this.#compiledState;
  }

  /**
   * The schema as checked, built on first use: closed like the projection (additionalProperties:
   * false), without `$schema` (Ajv would try to load any other meta-schema; the dialect was
   * chosen from it already), with a root `$id` so that root references resolve.
   */
  get #closed(): SchemaNode {
    const state = this.#state;
    if (state.closed === undefined) {
      const closed = rewriteSchema(this.#plain, 'validation') as SchemaNode;
      delete closed.$schema;
      if (typeof closed.$id !== 'string') closed.$id = LOCAL_SCHEMA_ID;
      state.closed = closed;
    }
    return state.closed;
  }

  /** The repair plan, built by {@link #compiled} together with the Ajv validator. */
  #planned(): SchemaPlan {
    return this.#state.plan!;
  }

  /**
   * Compiles on first use — 2,000 tools cost nothing until each one is called — everything that
   * walks the schema recursively (closing copy, Ajv, repair plan) inside one guard, so that even a
   * schema admitted with raised limits cannot crash `parse`: it fails as `schema_compile_failed`.
   */
  #compiled(resolved: ResolvedParseOptions): ValidateFunction {
    const state = this.#state;
    if (state.validate !== undefined) return state.validate;
    if (state.compileError === undefined) {
      // The dialect is read from the packed root (its `$schema` is kept there as it was).
      const engine = engineFor(dialectOf(this.#packed as Record<string, unknown>));
      let closed: SchemaNode | undefined;
      try {
        closed = this.#closed;
        const validate = engine.compile(closed);
        state.plan = buildSchemaPlan(closed, createRefResolver(closed));
        state.validate = validate;
        return validate;
      } catch (error) {
        // A RangeError (stack overflow), an invalid schema or a pattern RE2 cannot run.
        state.compileError = previewText(
          `${subjectOf(this.#name)} cannot be compiled: ${(error as Error).message}`,
          300,
        );
      } finally {
        if (closed !== undefined) engine.removeSchema(closed);
      }
    }
    const issue = new IssueBuilder(resolved.catalog).schemaUnusable(state.compileError);
    throw createArgumentError(
      ValidationErrorCode.SchemaCompileFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, [issue]),
      { toolName: resolved.toolName, issues: [issue] },
    );
  }

  parse(input: unknown, options?: ParseOptions): ParseResult<Record<string, unknown>> {
    const resolved = this.#state.resolveOptions(options);
    const validate = this.#compiled(resolved);
    guardArguments(input, resolved.limits, resolved.catalog, resolved.toolName);
    if (validate(input)) {
      if (!this.#hasDefaults) return { value: input as Record<string, unknown>, coercions: NO_COERCIONS };
      const filled = fillDefaults(this.#planned(), input, JSON_SCHEMA_FILLER);
      return { value: filled as Record<string, unknown>, coercions: NO_COERCIONS };
    }
    const context = repairContext(resolved, JSON_SCHEMA_FILLER, undefined);
    const value = repairValue(context, this.#planned(), input, '', 0, true);
    if (this.#closed.type === 'object' || this.#closed.properties !== undefined)
      requireObjectArguments(value, resolved.catalog, resolved.toolName);
    const coercions = context.coercions.length === 0 ? NO_COERCIONS : context.coercions;
    if (validate(value)) return { value: value as Record<string, unknown>, coercions };
    const { issues, total } = collectAjvIssues(validate.errors ?? [], new IssueBuilder(resolved.catalog));
    throw createArgumentError(
      ValidationErrorCode.ValidationFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, issues, total),
      { toolName: resolved.toolName, issues },
    );
  }
}

/**
 * Wraps a foreign JSON Schema (an MCP tool's `inputSchema`; draft-07 or 2020-12) in the same
 * {@link SchemaValidator} interface and error shape as TypeBox schemas.
 *
 * Eagerly and cheaply, the schema is pre-screened (size, depth, node / property / enum counts,
 * remote `$ref`) and copied; a refusal throws `ToolSchemaError` `schema_rejected` naming the
 * problem. Ajv compiles it lazily on the first `parse`, with `pattern`s run by a linear-time
 * engine; a schema that cannot compile makes `parse` throw a `ToolValidationError` with code
 * `schema_compile_failed` naming it — never a crash. `limits` and `options` are checked by name and
 * value first (`InvalidOptionError`): a misspelt or `NaN` limit would leave a cap off.
 */
export function compileJsonSchema(
  schema: unknown,
  limits?: JsonSchemaLimits,
  options: CompileJsonSchemaOptions = {},
): SchemaValidator<Record<string, unknown>> {
  checkOptions('CompileJsonSchemaOptions', options, COMPILE_OPTIONS, invalidOption);
  const report = prescreenJsonSchema(schema, resolveJsonSchemaLimits(limits), subjectOf(options.name));
  return new JsonSchemaValidator(report.copy, options.name, report.hasDefaults, report.depth);
}

/**
 * {@link compileJsonSchema} for a schema `screenJsonSchema` already accepted, without walking it
 * again: the report's copy (made by that screen, so later changes to the caller's object cannot
 * reach it) is what gets compiled, on the first `parse`. A caller that screens a whole catalog
 * first (the MCP adapter) so pays for one walk per schema. Only a report `screenJsonSchema`
 * returned is accepted; anything else is refused with `InvalidOptionError`.
 */
export function compileScreenedJsonSchema(
  report: JsonSchemaReport,
  options: CompileJsonSchemaOptions = {},
): SchemaValidator<Record<string, unknown>> {
  checkOptions('CompileJsonSchemaOptions', options, COMPILE_OPTIONS, invalidOption);
  if (!isScreenReport(report)) {
    throw new InvalidOptionError(
      'compileScreenedJsonSchema',
      'compileScreenedJsonSchema: the report is not one screenJsonSchema returned; pass `screenJsonSchema(schema, limits).report`, or call compileJsonSchema(schema, limits) to screen and compile in one step',
    );
  }
  return new JsonSchemaValidator(report.copy, options.name, report.hasDefaults, report.depth);
}

/**
 * The screened schema a validator made by {@link compileJsonSchema} or
 * {@link compileScreenedJsonSchema} checks against, as a new plain tree equal to the screen's
 * copy (its small subschemas shared and frozen); `undefined` for any other validator. The
 * validator keeps the schema packed until first use, so a caller that needs the schema itself (the
 * MCP adapter hands it to the SDK for a call) reads it from here instead of holding a second copy.
 */
export function screenedJsonSchemaOf(validator: SchemaValidator): Record<string, unknown> | undefined {
  return typeof validator === 'object' && validator !== null
    ? JsonSchemaValidator.screenedOf(validator)
    : undefined;
}

function subjectOf(name: string | undefined): string {
  return name === undefined ? 'JSON Schema' : `JSON Schema of "${name}"`;
}
