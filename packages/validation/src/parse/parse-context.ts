import { checkOptions, type NumberRule, type OptionTable } from '@toolwright/utils';
import { type MessageCatalog, type MessageLocale, messageCatalog } from '../messages/message-catalog.js';
import { invalidOption } from '../options/invalid-option.js';
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
const POSITIVE_INTEGER: NumberRule = { kind: 'number', min: 1, integer: true };
const LIMIT_OPTIONS: OptionTable<ArgumentLimits> = { maxBytes: POSITIVE_INTEGER, maxDepth: POSITIVE_INTEGER };
const PARSE_OPTIONS: OptionTable<ParseOptions> = {
  toolName: { kind: 'string' },
  coerce: { kind: 'oneOf', values: ['safe', 'none'] },
  unknownArguments: { kind: 'oneOf', values: ['reject', 'strip'] },
  nullAsAbsent: { kind: 'boolean' },
  locale: { kind: 'oneOf', values: MESSAGE_LOCALES },
  limits: { kind: 'object', options: LIMIT_OPTIONS },
};

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
  checkOptions(OWNER, options, PARSE_OPTIONS, invalidOption);
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

/** {@link resolveParseOptions} for one validator, see {@link createParseOptionsResolver}. */
export type ParseOptionsResolver = (options: ParseOptions | undefined) => ResolvedParseOptions;

/**
 * {@link resolveParseOptions} with a one-entry memo, for one validator: a tool passes the same
 * frozen options object to every call, so the common call costs one comparison instead of a
 * WeakMap lookup. Only options that resolveParseOptions itself remembers are kept.
 */
export function createParseOptionsResolver(): ParseOptionsResolver {
  let last: ParseOptions | undefined;
  let lastResolved = DEFAULT_OPTIONS;
  return (options) => {
    if (options === last) return lastResolved;
    const resolved = resolveParseOptions(options);
    if (options !== undefined && resolvedFrozen.get(options) === resolved) {
      last = options;
      lastResolved = resolved;
    }
    return resolved;
  };
}
