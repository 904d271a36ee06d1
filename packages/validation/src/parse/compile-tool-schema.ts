import type { Static, TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { ToolwrightError, ValidationErrorCode } from '../errors/toolwright-error.js';
import { IssueBuilder } from '../issues/issue-builder.js';
import { collectTypeBoxIssues } from '../issues/typebox-issues.js';
import { formatValidationMessage } from '../messages/format-validation-message.js';
import { toJsonSchema } from '../projection/to-json-schema.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { JsonSchema } from '../schema/json-types.js';
import { rewriteSchema } from '../schema/rewrite-schema.js';
import {
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from '../schema/schema-keywords.js';
import { createRefResolver, isSchemaNode, type RefResolver, type SchemaNode } from '../schema/schema-node.js';
import type { Coercion, ParseOptions, ParseResult, SchemaValidator } from '../schema/schema-validator.js';
import { guardArguments, requireObjectArguments } from './argument-guard.js';
import { type ResolvedParseOptions, resolveParseOptions } from './parse-context.js';
import { type RepairContext, repairValue } from './repair-arguments.js';

const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);

/** What the fast path needs to know about a schema's defaults, found once at compile time. */
interface DefaultPlan {
  /** `[key, default]` of the root object's properties that have a default. */
  rootDefaults: Array<[string, unknown]>;
  /** True when a default sits anywhere below the root object's own properties. */
  nestedDefaults: boolean;
}

/**
 * Walks the (developer-written) schema once: checks each `default` against the schema it belongs
 * to — a bad default would otherwise be handed to a tool as valid — and plans default filling.
 */
function planDefaults(root: TSchema, references: TSchema[]): DefaultPlan {
  const plan: DefaultPlan = { rootDefaults: [], nestedDefaults: false };
  // Defaults of the root object's own properties can be filled without walking the arguments.
  const rootDefaultNames = new Map<unknown, string>();
  if (isSchemaNode(root.properties)) {
    for (const [name, property] of Object.entries(root.properties)) rootDefaultNames.set(property, name);
  }
  const stack: Array<[unknown, string]> = [[root, '']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!isSchemaNode(node) || seen.has(node)) continue;
    seen.add(node);
    if ('default' in node) {
      if (!Value.Check(node as TSchema, references, node.default)) {
        throw new ToolwrightError(
          ValidationErrorCode.SchemaInvalidDefault,
          `schema default at "${path || '#'}" is ${JSON.stringify(node.default)?.slice(0, 80)}, which its own schema rejects; give a default the schema accepts`,
        );
      }
      const rootName = rootDefaultNames.get(node);
      if (rootName !== undefined) plan.rootDefaults.push([rootName, node.default]);
      else plan.nestedDefaults = true;
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        for (const name of Object.keys(value))
          stack.push([value[name], appendPointer(`${path || '#'}/${key}`, name)]);
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (const [index, member] of value.entries()) stack.push([member, `${path || '#'}/${key}/${index}`]);
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key)) stack.push([value, `${path || '#'}/${key}`]);
    }
  }
  return plan;
}

/** A TypeBox schema compiled once; see {@link compileToolSchema}. */
class TypeBoxSchemaValidator<T extends TSchema> implements SchemaValidator<Static<T>> {
  readonly specificationVersion = 'v1' as const;
  readonly source = 'typebox' as const;
  readonly #schema: T;
  readonly #closed: TSchema;
  readonly #references: TSchema[];
  readonly #check: TypeCheck<TSchema>;
  readonly #resolver: RefResolver;
  readonly #defaults: DefaultPlan;
  readonly #objectRoot: boolean;

  constructor(schema: T) {
    this.#schema = schema;
    try {
      this.#closed = rewriteSchema(schema, 'validation') as TSchema;
      this.#references = typeof schema.$id === 'string' ? [this.#closed] : [];
      this.#check = TypeCompiler.Compile(this.#closed, this.#references);
    } catch (error) {
      if (ToolwrightError.isInstance(error)) throw error;
      throw new ToolwrightError(
        ValidationErrorCode.SchemaCompileFailed,
        `TypeBox schema ${describeSchema(schema)} cannot be compiled: ${(error as Error).message}`,
        { cause: error },
      );
    }
    this.#resolver = createRefResolver(this.#closed as SchemaNode);
    this.#defaults = planDefaults(this.#closed, this.#references);
    this.#objectRoot = this.#closed.type === 'object';
  }

  toJsonSchema(): JsonSchema {
    return toJsonSchema(this.#schema);
  }

  parse(input: unknown, options?: ParseOptions): ParseResult<Static<T>> {
    const resolved = resolveParseOptions(options);
    guardArguments(input, resolved.limits, resolved.catalog, resolved.toolName);
    if (this.#check.Check(input)) {
      // Fast path: valid as sent. Only missing defaults can still change the value.
      if (this.#defaults.nestedDefaults) return this.#repair(input, resolved);
      const value = this.#fillRootDefaults(input as Record<string, unknown>);
      return { value: value as Static<T>, coercions: NO_COERCIONS };
    }
    const { value, coercions } = this.#repair(input, resolved);
    if (this.#objectRoot) requireObjectArguments(value, resolved.catalog, resolved.toolName);
    if (this.#check.Check(value)) return { value: value as Static<T>, coercions };
    const builder = new IssueBuilder(resolved.catalog);
    const { issues, total } = collectTypeBoxIssues(this.#check, value, builder);
    throw new ToolValidationError(
      ValidationErrorCode.ValidationFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, issues, total),
      { toolName: resolved.toolName, issues },
    );
  }

  #fillRootDefaults(input: Record<string, unknown>): unknown {
    let output: Record<string, unknown> | undefined;
    for (const [key, value] of this.#defaults.rootDefaults) {
      if (input[key] !== undefined) continue;
      output ??= { ...input };
      output[key] = typeof value === 'object' && value !== null ? structuredClone(value) : value;
    }
    return output ?? input;
  }

  #repair(input: unknown, resolved: ResolvedParseOptions): ParseResult<Static<T>> {
    const context: RepairContext = {
      coerce: resolved.coerce,
      nullAsAbsent: resolved.nullAsAbsent,
      strip: resolved.strip,
      resolver: this.#resolver,
      coercions: [],
      matchesPattern: (pattern, key) => new RegExp(pattern, 'u').test(key),
      check: (node, value) => Value.Check(node as TSchema, this.#references, value),
      guardDecoded: (value, path, depth) =>
        guardArguments(value, resolved.limits, resolved.catalog, resolved.toolName, { path, depth }),
    };
    const value = repairValue(context, this.#closed as SchemaNode, input, '', 0, true);
    return {
      value: value as Static<T>,
      coercions: context.coercions.length === 0 ? NO_COERCIONS : context.coercions,
    };
  }
}

function describeSchema(schema: TSchema): string {
  if (typeof schema.$id === 'string') return `"${schema.$id}"`;
  if (typeof schema.title === 'string') return `"${schema.title}"`;
  return 'of this tool';
}

const validators = new WeakMap<TSchema, SchemaValidator<unknown>>();

/**
 * Compiles a TypeBox schema into a {@link SchemaValidator} (TypeBox's `TypeCompiler`), once per
 * schema object: later calls with the same object return the same validator. Throws
 * `ToolwrightError` `schema_compile_failed` for a schema TypeBox cannot compile and
 * `schema_invalid_default` for a `default` its own schema rejects.
 */
export function compileToolSchema<T extends TSchema>(schema: T): SchemaValidator<Static<T>> {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new TypeBoxSchemaValidator(schema);
    validators.set(schema, validator);
  }
  return validator as SchemaValidator<Static<T>>;
}

/**
 * Validates a tool call's arguments against a TypeBox schema: guard (size, depth, prototype
 * keys) -> fast check -> when needed, copy-on-write repair (safe coercion, `null` for optional
 * fields, defaults, unknown-argument policy) -> check -> result. The input is never modified.
 * Throws `ToolValidationError`, never anything else, for bad arguments.
 *
 * @example
 * ```ts
 * const { value, coercions } = parseToolSchema(schema, { limit: '10' }, { toolName: 'Read' });
 * ```
 */
export function parseToolSchema<T extends TSchema>(
  schema: T,
  input: unknown,
  options?: ParseOptions,
): ParseResult<Static<T>> {
  return compileToolSchema(schema).parse(input, options);
}
