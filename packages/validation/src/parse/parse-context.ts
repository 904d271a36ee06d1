import { type MessageCatalog, type MessageLocale, messageCatalog } from '../messages/message-catalog.js';
import {
  checkBooleanOption,
  checkChoiceOption,
  checkNumberOption,
  checkOptionNames,
  checkStringOption,
  optionNames,
} from '../options/option-checks.js';
import type { ArgumentLimits, ParseOptions } from '../schema/schema-validator.js';
import { DEFAULT_ARGUMENT_LIMITS } from './argument-guard.js';

/** Parse options with every default applied. */
export interface ResolvedParseOptions {
  readonly toolName: string | undefined;
  readonly coerce: boolean;
  readonly strip: boolean;
  readonly nullAsAbsent: boolean;
  readonly catalog: MessageCatalog;
  readonly limits: Readonly<Required<ArgumentLimits>>;
}

/** Highest `limits.maxDepth` honoured (a larger one is lowered to this). */
export const MAX_ARGUMENT_DEPTH = 1024;

/** The locales {@link ParseOptions.locale} accepts. */
export const MESSAGE_LOCALES: readonly MessageLocale[] = Object.freeze(['en', 'zh-CN']);

const OWNER = 'ParseOptions';
const PARSE_OPTION_NAMES = optionNames(OWNER, [
  'toolName',
  'coerce',
  'unknownArguments',
  'nullAsAbsent',
  'locale',
  'limits',
]);
const LIMIT_NAMES = optionNames(`${OWNER}.limits`, ['maxBytes', 'maxDepth']);
const POSITIVE_INTEGER = { min: 1, integer: true } as const;

const DEFAULT_OPTIONS: ResolvedParseOptions = Object.freeze({
  toolName: undefined,
  coerce: true,
  strip: false,
  nullAsAbsent: false,
  catalog: messageCatalog('en'),
  limits: DEFAULT_ARGUMENT_LIMITS,
});

/**
 * Resolved options of frozen options objects (a tool fixes its options once and passes the same
 * frozen object to every call): they cannot change, so they are checked and resolved once.
 */
const resolvedFrozen = new WeakMap<object, ResolvedParseOptions>();

/**
 * Refuses, with `InvalidOptionError` naming the option, the value and what is accepted, an
 * unknown key or a value outside the accepted ones. Without this, `locale: 'fr'` from an untyped
 * caller failed with a TypeError on the first issue, `coerce: 'unsafe'` quietly meant `'safe'`
 * and `limits: { maxBytes: NaN }` switched the size limit off.
 */
function checkParseOptions(options: ParseOptions): void {
  checkOptionNames(PARSE_OPTION_NAMES, options);
  checkStringOption(OWNER, 'toolName', options.toolName);
  checkChoiceOption(OWNER, 'coerce', options.coerce, ['safe', 'none']);
  checkChoiceOption(OWNER, 'unknownArguments', options.unknownArguments, ['reject', 'strip']);
  checkBooleanOption(OWNER, 'nullAsAbsent', options.nullAsAbsent);
  checkChoiceOption(OWNER, 'locale', options.locale, MESSAGE_LOCALES);
  const limits: unknown = options.limits;
  if (limits === undefined) return;
  checkOptionNames(LIMIT_NAMES, limits);
  const { maxBytes, maxDepth } = limits as ArgumentLimits;
  checkNumberOption(OWNER, 'limits.maxBytes', maxBytes, POSITIVE_INTEGER);
  checkNumberOption(OWNER, 'limits.maxDepth', maxDepth, POSITIVE_INTEGER);
}

function resolve(options: ParseOptions): ResolvedParseOptions {
  checkParseOptions(options);
  return {
    toolName: options.toolName,
    coerce: options.coerce !== 'none',
    strip: options.unknownArguments === 'strip',
    nullAsAbsent: options.nullAsAbsent === true,
    catalog: messageCatalog(options.locale),
    limits:
      options.limits === undefined
        ? DEFAULT_ARGUMENT_LIMITS
        : {
            maxBytes: options.limits.maxBytes ?? DEFAULT_ARGUMENT_LIMITS.maxBytes,
            // Capped: the compiled checks recurse along the value, so no limit may invite a stack overflow.
            maxDepth: Math.min(
              options.limits.maxDepth ?? DEFAULT_ARGUMENT_LIMITS.maxDepth,
              MAX_ARGUMENT_DEPTH,
            ),
          },
  };
}

/**
 * Checks {@link ParseOptions} and applies their defaults. The common no-options call allocates
 * nothing, and a frozen options object (with frozen or no limits) is checked only once.
 */
export function resolveParseOptions(options: ParseOptions | undefined): ResolvedParseOptions {
  if (options === undefined) return DEFAULT_OPTIONS;
  let resolved = resolvedFrozen.get(options);
  if (resolved !== undefined) return resolved;
  resolved = resolve(options);
  if (Object.isFrozen(options) && (options.limits === undefined || Object.isFrozen(options.limits))) {
    resolvedFrozen.set(options, resolved);
  }
  return resolved;
}
