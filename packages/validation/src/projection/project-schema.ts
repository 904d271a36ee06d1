import { checkOption, checkOptions, type OptionTable } from '@toolwright/utils';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { invalidOption } from '../options/invalid-option.js';
import { type JsonSchema, PROVIDER_TARGETS, type ProviderTarget } from '../schema/json-types.js';
import { deepFreeze } from '../schema/rewrite-schema.js';
import { toGeminiSchema } from './gemini-schema.js';
import { toOpenAiStrict } from './openai-strict.js';
import { type ProjectionNote, recordProjectionNotes } from './projection-notes.js';
import { mergeRootComposition } from './root-object.js';

/** Options of {@link projectSchema}. */
export interface ProjectSchemaOptions {
  /** OpenAI strict mode (only meaningful for the `openai-*` targets). */
  strict?: boolean;
}

/**
 * Slot of each target in a schema's cache entry (an array index is the cheapest lookup), or -1
 * for a name that is no target. A switch compares the interned target strings by identity,
 * where a keyed lookup in a table goes through the property cache on every call.
 */
function slotOf(target: ProviderTarget): number {
  switch (target) {
    case 'json-schema':
      return 0;
    case 'openai-chat':
      return 1;
    case 'openai-responses':
      return 2;
    case 'anthropic':
      return 3;
    case 'gemini':
      return 4;
    default:
      return -1;
  }
}
const STRICT_OFFSET = 5;
const PROJECT_OPTIONS: OptionTable<ProjectSchemaOptions> = { strict: { kind: 'boolean' } };

const cache = new WeakMap<object, Array<JsonSchema | undefined>>();
/**
 * The schema last answered from the cache and its slots. It keeps that one schema (frozen, and
 * cached already) alive until another is projected: a bounded cost, where a `WeakRef` would
 * cost a lookup as dear as the WeakMap's.
 */
let lastSchema: object | undefined;
let lastSlots: Array<JsonSchema | undefined> | undefined;

/**
 * The options as almost every call writes them (`{ strict: true }`, a plain object holding a
 * boolean `strict` and nothing else), recognised without the general check, which would accept
 * them too; anything else goes through the check, which names what is wrong.
 */
function isStrictFlagOnly(options: object): boolean {
  if (Object.getPrototypeOf(options) !== Object.prototype) return false;
  let keys = 0;
  for (const key in options) {
    if (key !== 'strict') return false;
    keys++;
  }
  return keys === 1 && typeof (options as ProjectSchemaOptions).strict === 'boolean';
}

/**
 * Projections share unchanged parts with their source and are frozen; a caller's own (unfrozen)
 * schema is copied first so that freezing never reaches into it.
 */
function frozenSource(schema: JsonSchema): JsonSchema {
  if (Object.isFrozen(schema)) return schema;
  try {
    return deepFreeze(structuredClone(schema));
  } catch (error) {
    throw new ToolSchemaError(
      ValidationErrorCode.SchemaRejected,
      `schema to project is not plain JSON or nests too deeply (${(error as Error).message}); pass the output of toJsonSchema`,
      { cause: error },
    );
  }
}

function project(
  schema: JsonSchema,
  target: ProviderTarget,
  strict: boolean,
  notes: ProjectionNote[],
): JsonSchema {
  switch (target) {
    case 'json-schema':
      return schema;
    case 'anthropic':
      return mergeRootComposition(schema, notes);
    case 'openai-chat':
    case 'openai-responses': {
      const rooted = mergeRootComposition(schema, notes);
      return strict ? toOpenAiStrict(rooted, notes) : rooted;
    }
    case 'gemini': {
      const { $schema: _dialect, ...rest } = mergeRootComposition(schema, notes);
      return toGeminiSchema(rest, notes);
    }
  }
}

/**
 * Projects a neutral JSON Schema (from `toJsonSchema` or a validator's `toJsonSchema()`) into a
 * provider's dialect:
 * - `'json-schema'`: unchanged;
 * - `'openai-chat'` / `'openai-responses'`: root is one object; with `strict: true`, every
 *   property required, optional ones nullable, `additionalProperties: false` everywhere;
 * - `'anthropic'`: no root `anyOf`/`oneOf`/`allOf` (merged into one object schema);
 * - `'gemini'`: Gemini's OpenAPI subset (see the README for every rewrite).
 *
 * Cached per (schema object, target, strict); the result is deeply frozen. What had to be
 * dropped or cut is reported by `lintToolDeclaration` for the same schema.
 */
export function projectSchema(
  schema: JsonSchema,
  target: ProviderTarget,
  options?: ProjectSchemaOptions,
): JsonSchema {
  const base = slotOf(target);
  // An unknown target would otherwise project to nothing, silently.
  if (base < 0) {
    checkOption(
      'projectSchema',
      'target',
      target,
      { kind: 'oneOf', values: PROVIDER_TARGETS },
      invalidOption,
    );
  }
  if (options !== undefined && !isStrictFlagOnly(options)) {
    checkOptions('ProjectSchemaOptions', options, PROJECT_OPTIONS, invalidOption);
  }
  const strict = options?.strict === true && (target === 'openai-chat' || target === 'openai-responses');
  const slot = strict ? STRICT_OFFSET + base : base;
  // A registry asks for every dialect of one schema in a row: the last schema's slots are at
  // hand without a WeakMap lookup.
  let slots = schema === lastSchema ? lastSlots : cache.get(schema);
  const cached = slots?.[slot];
  if (cached !== undefined) {
    lastSchema = schema;
    lastSlots = slots;
    return cached;
  }
  const notes: ProjectionNote[] = [];
  const projected = deepFreeze(project(frozenSource(schema), target, strict, notes));
  recordProjectionNotes(projected, notes);
  if (slots === undefined) {
    slots = [];
    cache.set(schema, slots);
  }
  slots[slot] = projected;
  return projected;
}
