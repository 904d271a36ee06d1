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

/** Slot of each (target, strict) pair in a schema's cache entry: an array index is the cheapest lookup. */
const SLOTS: Record<ProviderTarget, number> = {
  'json-schema': 0,
  'openai-chat': 1,
  'openai-responses': 2,
  anthropic: 3,
  gemini: 4,
};
const STRICT_OFFSET = 5;
const PROJECT_OPTIONS: OptionTable<ProjectSchemaOptions> = { strict: { kind: 'boolean' } };

const cache = new WeakMap<object, Array<JsonSchema | undefined>>();

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
  const base = SLOTS[target];
  // An unknown target would otherwise project to nothing, silently (`typeof` also refuses
  // inherited names such as "constructor").
  if (typeof base !== 'number') {
    checkOption(
      'projectSchema',
      'target',
      target,
      { kind: 'oneOf', values: PROVIDER_TARGETS },
      invalidOption,
    );
  }
  if (options !== undefined) checkOptions('ProjectSchemaOptions', options, PROJECT_OPTIONS, invalidOption);
  const strict = options?.strict === true && (target === 'openai-chat' || target === 'openai-responses');
  const slot = strict ? STRICT_OFFSET + base : base;
  let slots = cache.get(schema);
  const cached = slots?.[slot];
  if (cached !== undefined) return cached;
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
