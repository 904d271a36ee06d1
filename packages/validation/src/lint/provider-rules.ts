import type { ProviderTarget } from '../schema/json-types.js';

/**
 * Portable tool name: accepted by OpenAI, Anthropic and Gemini alike (letters, digits, `_`, `-`;
 * not starting with a digit or `-`; at most 64 characters).
 */
export const PORTABLE_TOOL_NAME: RegExp = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/** What one provider accepts, as far as its documentation says (sources in the README). */
export interface ProviderRules {
  /** Function name rule. */
  readonly namePattern: RegExp;
  /** The name rule in words, for the lint message. */
  readonly nameRule: string;
  /** Deepest schema nesting accepted. */
  readonly maxDepth: number;
  /** Largest schema, in characters of JSON. */
  readonly maxSchemaChars: number;
  /** The root must be `type: 'object'` without a root `anyOf`/`oneOf`/`allOf`. */
  readonly rootMustBeObject: boolean;
  /** `$ref` is not understood at all (Gemini's OpenAPI subset). */
  readonly refsForbidden: boolean;
}

/**
 * toolwright's own cap for schemas it compiles (Ajv overflows its stack at about 540–630 levels);
 * used where a provider documents no depth limit.
 */
const DEFAULT_MAX_DEPTH = 64;

const OPENAI_RULES: ProviderRules = {
  namePattern: /^[a-zA-Z0-9_-]{1,64}$/,
  nameRule: '1-64 characters of a-z, A-Z, 0-9, _ and -',
  maxDepth: DEFAULT_MAX_DEPTH,
  maxSchemaChars: 120_000,
  rootMustBeObject: true,
  refsForbidden: false,
};

/** Rules per target. */
export const PROVIDER_RULES: Readonly<Record<ProviderTarget, ProviderRules>> = {
  'json-schema': {
    namePattern: PORTABLE_TOOL_NAME,
    nameRule: 'a portable name: a letter or _ first, then up to 63 of a-z, A-Z, 0-9, _ and -',
    maxDepth: DEFAULT_MAX_DEPTH,
    maxSchemaChars: 256 * 1024,
    rootMustBeObject: false,
    refsForbidden: false,
  },
  'openai-chat': OPENAI_RULES,
  'openai-responses': OPENAI_RULES,
  anthropic: {
    namePattern: /^[a-zA-Z0-9_-]{1,64}$/,
    nameRule: '1-64 characters of a-z, A-Z, 0-9, _ and -',
    maxDepth: DEFAULT_MAX_DEPTH,
    maxSchemaChars: 256 * 1024,
    rootMustBeObject: true,
    refsForbidden: false,
  },
  gemini: {
    namePattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    nameRule: 'a letter or _ first, then up to 63 of a-z, A-Z, 0-9, _, ., : and -',
    maxDepth: DEFAULT_MAX_DEPTH,
    maxSchemaChars: 256 * 1024,
    rootMustBeObject: true,
    refsForbidden: true,
  },
};

/** OpenAI strict mode: documented ceilings. */
export const OPENAI_STRICT_LIMITS = Object.freeze({
  maxObjectNesting: 10,
  maxProperties: 5000,
  maxEnumValues: 1000,
});

/** Keywords OpenAI strict mode does not support. */
export const OPENAI_STRICT_UNSUPPORTED: ReadonlySet<string> = new Set([
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'contains',
]);

/** Gemini parameter (property) names. */
export const GEMINI_PROPERTY_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;
