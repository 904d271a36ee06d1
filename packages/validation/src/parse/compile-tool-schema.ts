import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { previewText } from '@toolwright/utils';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { createArgumentError, type ToolValidationError } from '../errors/tool-validation-error.js';
import { ToolwrightError, ValidationErrorCode } from '../errors/toolwright-error.js';
import { collectPlanIssues, type IssueCollectorHooks } from '../issues/collect-plan-issues.js';
import { IssueBuilder } from '../issues/issue-builder.js';
import { collectTypeBoxIssues, typeBoxErrorToIssue } from '../issues/typebox-issues.js';
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
import { createRefResolver, isSchemaNode, type SchemaNode } from '../schema/schema-node.js';
import { buildSchemaPlan, planAcceptsValueType, type SchemaPlan } from '../schema/schema-plan.js';
import type { Coercion, ParseOptions, ParseResult, SchemaValidator } from '../schema/schema-validator.js';
import { TypeCompiler, Value } from '../schema-kinds/typebox-034.js';
import { guardArguments, requireObjectArguments } from './argument-guard.js';
import { type DefaultFiller, fillDefaults } from './fill-defaults.js';
import {
  createParseOptionsResolver,
  type ParseOptionsResolver,
  type ResolvedParseOptions,
} from './parse-context.js';
import { repairValue } from './repair-arguments.js';
import { repairContext } from './repair-context.js';

const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);

/**
 * Checks every `default` of a (developer-written) schema against the schema it belongs to: a bad
 * default would otherwise be handed to a tool as valid. Iterative; runs once per schema.
 */
function checkDefaults(root: TSchema, references: TSchema[]): void {
  const stack: Array<[unknown, string]> = [[root, '#']];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!isSchemaNode(node) || seen.has(node)) continue;
    seen.add(node);
    if ('default' in node && !Value.Check(node as TSchema, references, node.default)) {
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaInvalidDefault,
        `schema default at "${path}" is ${previewText(JSON.stringify(node.default) ?? String(node.default), 80)}, which its own schema rejects; give a default the schema accepts`,
      );
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        for (const name of Object.keys(value))
          stack.push([value[name], appendPointer(`${path}/${key}`, name)]);
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (const [index, member] of value.entries()) stack.push([member, `${path}/${key}/${index}`]);
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key)) stack.push([value, `${path}/${key}`]);
    }
  }
}

/** A TypeBox schema compiled once; see {@link compileToolSchema}. */
class TypeBoxSchemaValidator<T extends TSchema> implements SchemaValidator<Static<T>> {
  readonly specificationVersion = 'v1' as const;
  readonly source = 'typebox' as const;
  readonly #schema: T;
  readonly #references: TSchema[];
  readonly #check: TypeCheck<TSchema>;
  readonly #plan: SchemaPlan;
  readonly #objectRoot: boolean;
  readonly #patterns = new Map<string, RegExp>();
  readonly #filler: DefaultFiller;
  readonly #checkMember: (plan: SchemaPlan, value: unknown) => boolean;
  /** Resolves the options a call passes, remembering the tool's own; made on the first parse. */
  #resolveOptions: ParseOptionsResolver | undefined;

  constructor(schema: T) {
    this.#schema = schema;
    let closed: TSchema;
    try {
      // The checked schema says what the projection tells the model: objects are closed.
      closed = rewriteSchema(schema, 'validation') as TSchema;
      this.#references = typeof schema.$id === 'string' ? [closed] : [];
      this.#check = TypeCompiler.Compile(closed, this.#references);
    } catch (error) {
      if (ToolwrightError.isInstance(error)) throw error;
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaCompileFailed,
        `TypeBox schema ${describeSchema(schema)} cannot be compiled: ${(error as Error).message}`,
        { cause: error },
      );
    }
    checkDefaults(closed, this.#references);
    this.#plan = buildSchemaPlan(closed as SchemaNode, createRefResolver(closed as SchemaNode));
    this.#objectRoot = closed.type === 'object';
    const matchesPattern = (pattern: string, key: string): boolean => {
      let compiled = this.#patterns.get(pattern);
      if (compiled === undefined) {
        // Developer-written patterns (TypeBox `Record` keys), trusted like TypeBox's own check.
        compiled = new RegExp(pattern, 'u');
        this.#patterns.set(pattern, compiled);
      }
      return compiled.test(key);
    };
    this.#filler = {
      matchesPattern,
      pickMember: (members, value) => members.find((member) => this.#checkPlan(member, value)),
    };
    this.#checkMember = (plan, value) => this.#checkPlan(plan, value);
  }

  toJsonSchema(): JsonSchema {
    return toJsonSchema(this.#schema);
  }

  parse(input: unknown, options?: ParseOptions): ParseResult<Static<T>> {
    this.#resolveOptions ??= createParseOptionsResolver();
    const resolved = this.#resolveOptions(options);
    guardArguments(input, resolved.limits, resolved.catalog, resolved.toolName);
    if (this.#check.Check(input)) {
      // Fast path: valid as sent. Only missing defaults can still change the value.
      if (!this.#plan.defaultsBelow) return { value: input as Static<T>, coercions: NO_COERCIONS };
      return { value: fillDefaults(this.#plan, input, this.#filler) as Static<T>, coercions: NO_COERCIONS };
    }
    const context = repairContext(resolved, this.#filler, this.#checkMember);
    const value = repairValue(context, this.#plan, input, '', 0, true);
    const coercions = context.coercions.length === 0 ? NO_COERCIONS : context.coercions;
    if (this.#objectRoot) requireObjectArguments(value, resolved.catalog, resolved.toolName);
    if (this.#check.Check(value)) return { value: value as Static<T>, coercions };
    throw this.#rejection(value, resolved);
  }

  #rejection(value: unknown, resolved: ResolvedParseOptions): ToolValidationError {
    const builder = new IssueBuilder(resolved.catalog);
    const hooks: IssueCollectorHooks = {
      matchesPattern: this.#filler.matchesPattern,
      check: this.#checkMember,
      delegate: (plan, delegated, path) => this.#delegate(plan, delegated, path, builder),
    };
    let found = collectPlanIssues(this.#plan, value, builder, hooks);
    // The plan walk knows the common keywords; if it found nothing, TypeBox's own walk will.
    if (found.issues.length === 0) found = collectTypeBoxIssues(this.#check, value, builder);
    return createArgumentError(
      ValidationErrorCode.ValidationFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, found.issues, found.total),
      { toolName: resolved.toolName, issues: found.issues },
    );
  }

  /** Compiled check of one node (a union member, a node with a format), compiled on first use. */
  #checkPlan(plan: SchemaPlan, value: unknown): boolean {
    if (!planAcceptsValueType(plan, value) && plan.types !== 'any') return false;
    let check = plan.memo.get('check') as ((candidate: unknown) => boolean) | undefined;
    if (check === undefined) {
      const node = plan.node as TSchema;
      // A node inside a recursive schema refers (`$ref`) to the root's generated function, which a
      // separately compiled node lacks: such nodes are checked by TypeBox's interpreter instead.
      if (containsReference(node)) check = (candidate) => Value.Check(node, this.#references, candidate);
      else {
        const compiled = TypeCompiler.Compile(node, this.#references);
        check = (candidate) => compiled.Check(candidate);
      }
      plan.memo.set('check', check);
    }
    return check(value);
  }

  /** Issues of a node the plan walk does not know, from TypeBox's own error walk. */
  #delegate(plan: SchemaPlan, value: unknown, path: string, builder: IssueBuilder): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    for (const error of Value.Errors(plan.node as TSchema, this.#references, value)) {
      issues.push(typeBoxErrorToIssue(error, builder, path));
      if (issues.length >= 16) break;
    }
    return issues;
  }
}

/** True when a `$ref` occurs anywhere inside `node` (iterative). */
function containsReference(node: unknown): boolean {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current) && typeof (current as SchemaNode).$ref === 'string') return true;
    for (const child of Object.values(current)) stack.push(child);
  }
  return false;
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
 * `ToolSchemaError` `schema_compile_failed` for a schema TypeBox cannot compile and
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
 * keys) -> compiled check -> when valid, defaults filled copy-on-write; otherwise a copy-on-write
 * repair (safe coercion, `null` for optional fields, defaults, unknown-argument policy) -> check
 * -> result or a `ToolValidationError` listing every issue. The input is never modified. Throws
 * `ToolValidationError`, never anything else, for bad arguments, and `InvalidOptionError` for
 * options it cannot honour (checked before anything is parsed).
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
