import { previewText } from '@toolwright/utils';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { createArgumentError, type ValidationIssue } from '../errors/tool-validation-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { JSON_SCHEMA_FILLER, linearMatch } from '../foreign/json-schema-filler.js';
import { DEFAULT_JSON_SCHEMA_LIMITS } from '../foreign/json-schema-limits.js';
import { prescreenJsonSchema } from '../foreign/prescreen-json-schema.js';
import { IssueBuilder } from '../issues/issue-builder.js';

import { formatValidationMessage } from '../messages/format-validation-message.js';
import { guardArguments, requireObjectArguments } from '../parse/argument-guard.js';
import { compileDeclaredKeys, type DeclaredKeys, type UndeclaredVerdict } from '../parse/declared-keys.js';
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
import { type IssuePlace, placeIssues } from './issue-places.js';
import { findUndeclaredKeys } from './plan-walk.js';
import { probeSample } from './probe-sample.js';
import { mayBeRepaired } from './repair-at-issues.js';
import { standardIssuesToValidationIssues } from './standard-issues.js';
import type { StandardJsonSchemaValidator, StandardResult } from './standard-schema.js';
import { compileUndeclaredCheck, type UndeclaredCheck } from './undeclared-check.js';

/**
 * Parses as `parse` does, but sends every refused call through the full repair walk and a second
 * validation: the reference the tests compare the shortcut from the library's issues against.
 * Internal (not exported from the package).
 */
export let parseWithFullRepair: <T>(
  validator: StandardSchemaValidator<T>,
  input: unknown,
  options?: ParseOptions,
) => ParseResult<T>;

const NO_COERCIONS: readonly Coercion[] = Object.freeze([]);
/** Most issues listed in one error, as for TypeBox and MCP schemas. */
const MAX_LISTED_ISSUES = 50;

/** The JSON Schema dialect asked of every vendor: the one the spec recommends first. */
export const STANDARD_JSON_SCHEMA_TARGET = 'draft-2020-12';

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Says that a validator is asynchronous; `build()` is synchronous, so such a validator cannot be used. */
export function asyncRefusal(subject: string): string {
  return (
    `${subject} validated asynchronously (its ~standard.validate returned a Promise: an async refinement ` +
    'or transform — Zod also answers so when a refinement throws); tool arguments are validated ' +
    'synchronously, so use synchronous checks that do not throw, and do asynchronous work in execute'
  );
}

/**
 * A Standard Schema v1 validator with Standard JSON Schema v1 behind the one `SchemaValidator`
 * interface: guard -> the vendor's `validate` -> the unknown-argument policy against the
 * vendor's own JSON Schema; on failure, safe coercion (and defaults, `null` for optional fields)
 * against that JSON Schema, the vendor's `validate` again, and issues in the one shape.
 */
export class StandardSchemaValidator<T> implements SchemaValidator<T>, DescribesObjectRoot {
  readonly specificationVersion = 'v1' as const;
  readonly source = 'standard-schema' as const;
  /** The library that made the schema (`~standard.vendor`: `'zod'`, `'valibot'`, `'arktype'`, ...). */
  readonly vendor: string;
  readonly #props: StandardJsonSchemaValidator<unknown, T>['~standard'];
  readonly #subject: string;
  /** The screened copy of the vendor's input JSON Schema. */
  readonly #plain: SchemaNode;
  #projection: JsonSchema | undefined;
  #output: JsonSchema | null | undefined;
  #plan: SchemaPlan | undefined;
  #hasUndeclared: UndeclaredCheck | undefined;
  /** The unknown-argument policy as key rules the argument guard checks in its own walk. */
  #declaredKeys: DeclaredKeys | undefined;
  /** Resolves the options a call passes, remembering the tool's own; made on the first parse. */
  #resolveOptions: ParseOptionsResolver | undefined;

  constructor(schema: StandardJsonSchemaValidator<unknown, T>, subject: string) {
    this.#props = schema['~standard'];
    this.vendor = this.#props.vendor;
    this.#subject = `${subject} (${this.vendor})`;
    let json: unknown;
    try {
      json = this.#props.jsonSchema.input({ target: STANDARD_JSON_SCHEMA_TARGET });
    } catch (error) {
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaRejected,
        `${this.#subject} cannot be expressed as JSON Schema (${previewText((error as Error)?.message ?? String(error), 200)}); ` +
          'a model can only be told about JSON types, so use JSON-representable types in tool parameters (no dates, maps, bigints or functions; transforms only after a JSON-typed input)',
        { cause: error },
      );
    }
    this.#plain = prescreenJsonSchema(json, DEFAULT_JSON_SCHEMA_LIMITS, this.#subject).copy as SchemaNode;
    this.#probeSynchronous();
  }

  /**
   * True when {@link toJsonSchema} describes an object at its root, told from the vendor's
   * screened JSON Schema without projecting it (see `plainRootIsObject`); `undefined` when only
   * the projection can tell.
   */
  describesObjectRoot(): true | undefined {
    // Screened with the default limits: no deeper than the projection walks while they allow it.
    return DEFAULT_JSON_SCHEMA_LIMITS.maxDepth <= PROJECTABLE_DEPTH && plainRootIsObject(this.#plain)
      ? true
      : undefined;
  }

  toJsonSchema(): JsonSchema {
    this.#projection ??= toJsonSchemaFromPlain(this.#plain);
    return this.#projection;
  }

  /**
   * The library's JSON Schema of what `validate` returns (`~standard.jsonSchema.output`), as the
   * library writes it (objects not closed here), or `undefined` when it cannot say — Zod and
   * Valibot throw for a transform, ArkType gives `{}` for a morph. Lets a caller specialise work
   * on the output (contracts' params freezer); computed once.
   */
  outputJsonSchema(): JsonSchema | undefined {
    if (this.#output === undefined) {
      try {
        const output = this.#props.jsonSchema.output({ target: STANDARD_JSON_SCHEMA_TARGET });
        this.#output = prescreenJsonSchema(output, DEFAULT_JSON_SCHEMA_LIMITS, this.#subject)
          .copy as JsonSchema;
      } catch {
        this.#output = null;
      }
    }
    return this.#output ?? undefined;
  }

  /** The repair plan over the vendor's JSON Schema, closed like the projection; built on first use. */
  #planned(): SchemaPlan {
    if (this.#plan === undefined) {
      const closed = rewriteSchema(this.#plain, 'validation') as SchemaNode;
      this.#plan = buildSchemaPlan(closed, createRefResolver(closed));
      this.#hasUndeclared = compileUndeclaredCheck(this.#plan, linearMatch);
      this.#declaredKeys = compileDeclaredKeys(this.#plan);
    }
    return this.#plan;
  }

  /**
   * Validates a sample the schema most likely accepts (so refinements run), and `undefined`: a
   * Promise from either refuses the validator now, not at the first call. A throw or a rejected
   * Promise of the probe is swallowed; only its being a Promise matters.
   */
  #probeSynchronous(): void {
    for (const sample of [probeSample(this.#planned()), undefined]) {
      let result: unknown;
      try {
        result = this.#props.validate(sample);
      } catch {
        continue;
      }
      if (isPromiseLike(result)) {
        Promise.resolve(result).catch(() => undefined);
        throw new ToolSchemaError(ValidationErrorCode.SchemaRejected, asyncRefusal(this.#subject));
      }
    }
  }

  #validate(value: unknown, resolved: ResolvedParseOptions): StandardResult<T> {
    let result: StandardResult<T> | Promise<StandardResult<T>>;
    try {
      result = this.#props.validate(value);
    } catch (error) {
      // A refinement that throws is the tool's bug, not the model's: still a ToolValidationError
      // (parse throws nothing else), naming the validator and what it threw.
      throw this.#unusable(
        resolved,
        `${this.#subject} threw while validating: ${previewText((error as Error)?.message ?? String(error), 200)}`,
      );
    }
    if (isPromiseLike(result)) {
      Promise.resolve(result).catch(() => undefined);
      throw this.#unusable(resolved, asyncRefusal(this.#subject));
    }
    return result;
  }

  #unusable(resolved: ResolvedParseOptions, reason: string): Error {
    const issue = new IssueBuilder(resolved.catalog).schemaUnusable(reason);
    return createArgumentError(
      ValidationErrorCode.SchemaCompileFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, [issue]),
      { toolName: resolved.toolName, issues: [issue] },
    );
  }

  static {
    parseWithFullRepair = (validator, input, options) => {
      validator.#resolveOptions ??= createParseOptionsResolver();
      const resolved = validator.#resolveOptions(options);
      const undeclared = validator.#guard(input, resolved);
      const first = validator.#validate(input, resolved);
      if (validator.#accepts(input, first, undeclared))
        return { value: first.value, coercions: NO_COERCIONS };
      const outcome = validator.#parse(input, resolved, undeclared, first, false);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    };
  }

  parse(input: unknown, options?: ParseOptions): ParseResult<T> {
    // The accepted call is answered here, in as few calls as it takes (this is build()'s hot
    // path); #parse takes the rest from the same first validation.
    this.#resolveOptions ??= createParseOptionsResolver();
    const resolved = this.#resolveOptions(options);
    const undeclared = this.#guard(input, resolved);
    const first = this.#validate(input, resolved);
    if (this.#accepts(input, first, undeclared)) return { value: first.value, coercions: NO_COERCIONS };
    const outcome = this.#parse(input, resolved, undeclared, first, true);
    // Thrown here rather than inside #parse: V8 pays for every frame a throw unwinds.
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /**
   * Before any vendor code sees the input: size, depth, prototype keys, plain JSON only; the same
   * walk looks up every key among the declared ones.
   */
  #guard(input: unknown, resolved: ResolvedParseOptions): UndeclaredVerdict {
    this.#planned();
    return guardArguments(
      input,
      resolved.limits,
      resolved.catalog,
      resolved.toolName,
      undefined,
      this.#declaredKeys,
    );
  }

  /** Whether the library accepted the call and the call holds no key the schema does not declare. */
  #accepts(
    input: unknown,
    first: StandardResult<T>,
    undeclared: UndeclaredVerdict,
  ): first is { readonly value: T; readonly issues?: undefined } {
    return (
      isSuccess(first) && (undeclared === 'none' || (undeclared === 'unsure' && !this.#hasUndeclared!(input)))
    );
  }

  /**
   * What follows the first validation of a call that {@link parse} did not accept: a refused
   * call, or one with undeclared keys. `fromIssues`: a refused call whose issues show that no
   * repair could help is answered from those issues; without it, every refused call takes the
   * full repair walk (the reference the tests hold the shortcut to). A refused call's error is
   * returned, for the caller to throw.
   */
  #parse(
    input: unknown,
    resolved: ResolvedParseOptions,
    undeclared: UndeclaredVerdict,
    first: StandardResult<T>,
    fromIssues: boolean,
  ): ParseResult<T> | Error {
    const plan = this.#planned();
    if (!isSuccess(first) && fromIssues) {
      const places = placeIssues(first.issues, input, plan, linearMatch);
      if (!mayBeRepaired(resolved, plan, input, places, () => this.#repairContext(resolved), linearMatch)) {
        // Refused, and no repair could change that: the library's issues are the answer, as the
        // full walk below would find them again after a second validation of the same places.
        requireObjectArguments(input, resolved.catalog, resolved.toolName);
        return this.#rejection(resolved, plan, input, first, undeclared, places);
      }
    }

    const context = this.#repairContext(resolved);
    const repaired = repairValue(context, plan, input, '', 0, true);
    requireObjectArguments(repaired, resolved.catalog, resolved.toolName);
    const coercions = context.coercions.length === 0 ? NO_COERCIONS : context.coercions;
    const second = repaired === input ? first : this.#validate(repaired, resolved);
    if (isSuccess(second) && !this.#hasUndeclared!(repaired)) return { value: second.value, coercions };
    return this.#rejection(resolved, plan, repaired, second, repaired === input ? undeclared : 'unsure');
  }

  #repairContext(resolved: ResolvedParseOptions) {
    return repairContext(resolved, JSON_SCHEMA_FILLER, undefined);
  }

  /**
   * The error for a refused call: undeclared keys first (the tool's policy), then the library's
   * issues. `verdict` is what the argument guard found of undeclared keys in `value`, when it
   * walked this value; `places`, the places of the library's issues in `value` when they were found.
   */
  #rejection(
    resolved: ResolvedParseOptions,
    plan: SchemaPlan,
    value: unknown,
    result: StandardResult<T>,
    verdict: UndeclaredVerdict,
    places?: readonly IssuePlace[],
  ): Error {
    const hasUndeclared = verdict === 'found' || (verdict === 'unsure' && this.#hasUndeclared!(value));
    const undeclared = hasUndeclared
      ? findUndeclaredKeys(plan, value, '', MAX_LISTED_ISSUES, linearMatch)
      : [];
    const builder = new IssueBuilder(resolved.catalog);
    let issues: ValidationIssue[] =
      undeclared.length === 0
        ? []
        : undeclared.map((found) =>
            builder.unknownArgument(found.objectPath, found.key, found.value, found.plan.node),
          );
    if (!isSuccess(result)) {
      const vendorIssues = standardIssuesToValidationIssues(
        places ?? placeIssues(result.issues, value, plan, linearMatch),
        builder,
      );
      if (issues.length === 0) issues = vendorIssues;
      else {
        const reported = new Set(issues.map((issue) => issue.path));
        for (const issue of vendorIssues) if (!reported.has(issue.path)) issues.push(issue);
      }
    }
    const listed = issues.length <= MAX_LISTED_ISSUES ? issues : issues.slice(0, MAX_LISTED_ISSUES);
    return createArgumentError(
      ValidationErrorCode.ValidationFailed,
      formatValidationMessage(resolved.catalog, resolved.toolName, listed, issues.length),
      { toolName: resolved.toolName, issues: listed },
    );
  }
}

function isSuccess<T>(
  result: StandardResult<T>,
): result is { readonly value: T; readonly issues?: undefined } {
  return result.issues === undefined || result.issues.length === 0;
}
