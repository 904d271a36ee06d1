import { type MessageCatalog, messageCatalog } from '../messages/message-catalog.js';
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

const DEFAULT_OPTIONS: ResolvedParseOptions = Object.freeze({
  toolName: undefined,
  coerce: true,
  strip: false,
  nullAsAbsent: false,
  catalog: messageCatalog('en'),
  limits: DEFAULT_ARGUMENT_LIMITS,
});

/** Applies the defaults of {@link ParseOptions}; the common no-options call allocates nothing. */
export function resolveParseOptions(options: ParseOptions | undefined): ResolvedParseOptions {
  if (options === undefined) return DEFAULT_OPTIONS;
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
