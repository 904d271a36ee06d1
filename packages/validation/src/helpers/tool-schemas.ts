import type { TInteger, TLiteral, TString, TUnion } from '@sinclair/typebox';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import { invalidOption } from '../options/invalid-option.js';
import { Type } from '../schema-kinds/typebox-034.js';

/** Options shared by every helper: the description the model reads. */
export interface ToolSchemaOptions {
  description?: string;
}

/** Options of the integer helpers with a ceiling and a default. */
export interface BoundedIntegerOptions extends ToolSchemaOptions {
  maximum?: number;
  default?: number;
}

/** Longest path accepted (Linux PATH_MAX). */
const MAX_PATH_LENGTH = 4096;
/** Longest glob or regular expression accepted. */
const MAX_PATTERN_LENGTH = 1024;

const DESCRIBED: OptionTable<ToolSchemaOptions> = { description: { kind: 'string' } };
// The bounds must be integers from 1: a string `maximum` bounds nothing.
const BOUNDED: OptionTable<BoundedIntegerOptions> = {
  ...DESCRIBED,
  maximum: { kind: 'number', min: 1, integer: true },
  default: { kind: 'number', min: 1, integer: true },
};

/**
 * The helpers spread their options into the schema: an unknown key (`maximun: 10`) would become
 * a keyword no validator knows and no bound would hold. So they are checked by name first.
 */
function checked<T extends ToolSchemaOptions>(options: T): T {
  checkOptions('ToolSchemaOptions', options, DESCRIBED, invalidOption);
  return options;
}

/** As {@link checked}, for the options with bounds. */
function checkedBounds(options: BoundedIntegerOptions): BoundedIntegerOptions {
  checkOptions('BoundedIntegerOptions', options, BOUNDED, invalidOption);
  return options;
}

function described<T extends object>(
  options: T,
  description: string | undefined,
  fallback: string,
): T & { description: string } {
  return { ...options, description: description ?? fallback };
}

/** A non-empty string of at most `maxLength` characters, described as `fallback` unless the options say otherwise. */
function nonEmptyString(maxLength: number, options: ToolSchemaOptions, fallback: string): TString {
  return Type.String(described({ minLength: 1, maxLength }, checked(options).description, fallback));
}

/**
 * Shared definitions of the parameters built-in tools have in common, so every tool describes
 * and constrains a path, a pattern or a limit the same way. Each call returns a new schema.
 *
 * @example
 * ```ts
 * const schema = Type.Object({ file_path: ToolSchemas.filePath(), limit: Type.Optional(ToolSchemas.limit({ default: 2000 })) });
 * ```
 */
export const ToolSchemas = Object.freeze({
  /** A file path: non-empty, at most 4,096 characters. */
  filePath(options: ToolSchemaOptions = {}): TString {
    return nonEmptyString(MAX_PATH_LENGTH, options, 'Absolute path of the file');
  },
  /** A directory path: non-empty, at most 4,096 characters. */
  directoryPath(options: ToolSchemaOptions = {}): TString {
    return nonEmptyString(MAX_PATH_LENGTH, options, 'Absolute path of the directory');
  },
  /** A glob such as `src/**\/*.ts`. */
  globPattern(options: ToolSchemaOptions = {}): TString {
    return nonEmptyString(MAX_PATTERN_LENGTH, options, 'Glob pattern, e.g. "src/**/*.ts"');
  },
  /** A regular expression, as text. */
  regexPattern(options: ToolSchemaOptions = {}): TString {
    return nonEmptyString(MAX_PATTERN_LENGTH, options, 'Regular expression');
  },
  /** A 1-based line number. */
  lineNumber(options: ToolSchemaOptions = {}): TInteger {
    return Type.Integer(described({ minimum: 1 }, checked(options).description, '1-based line number'));
  },
  /** A 0-based offset (lines or items to skip). */
  offset(options: ToolSchemaOptions = {}): TInteger {
    return Type.Integer(
      described({ minimum: 0 }, checked(options).description, 'Number of lines or items to skip'),
    );
  },
  /** How many lines or items to return: at least 1, optionally capped and defaulted. */
  limit(options: BoundedIntegerOptions = {}): TInteger {
    const { description, ...bounds } = checkedBounds(options);
    return Type.Integer(
      described({ minimum: 1, ...bounds }, description, 'Maximum number of lines or items to return'),
    );
  },
  /** A timeout in milliseconds: at least 1, optionally capped and defaulted. */
  timeoutMs(options: BoundedIntegerOptions = {}): TInteger {
    const { description, ...bounds } = checkedBounds(options);
    return Type.Integer(described({ minimum: 1, ...bounds }, description, 'Timeout in milliseconds'));
  },
  /** An http(s) URL. */
  url(options: ToolSchemaOptions = {}): TString {
    return Type.String(
      described(
        { minLength: 1, maxLength: 8192, pattern: '^https?://' },
        checked(options).description,
        'An http:// or https:// URL',
      ),
    );
  },
  /** A shell command line. */
  command(options: ToolSchemaOptions = {}): TString {
    return Type.String(described({ minLength: 1 }, checked(options).description, 'The command to run'));
  },
  /** One of a fixed set of strings (projects as `anyOf` of `const`, which every provider accepts). */
  stringEnum<const V extends string>(
    values: readonly [V, ...V[]],
    options: ToolSchemaOptions = {},
  ): TUnion<TLiteral<V>[]> {
    const members = values.map((value) => Type.Literal(value));
    return Type.Union(members, described({}, checked(options).description, `One of: ${values.join(', ')}`));
  },
});
