import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/** The codes of every error `@toolwright/registry` throws. */
export const RegistryErrorCode = {
  /** `register`: a built-in tool of that name is already registered. */
  DuplicateTool: 'duplicate_tool',
  /** The value passed is not a `Tool` from `@toolwright/contracts`. */
  InvalidTool: 'invalid_tool',
  /** The ToolSearch name configured is not provider-portable (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`). */
  InvalidToolName: 'invalid_tool_name',
  /** `register`: the tool's source is not `builtin`; such tools go into a group with `replaceTools`. */
  NotBuiltinTool: 'not_builtin_tool',
  /** `replaceTools` / `removeTools` / `getBySource`: the source group name is not accepted. */
  InvalidSource: 'invalid_source',
  /** `replaceTools`: a tool takes a name a built-in holds (built-ins take precedence). */
  BuiltinNameConflict: 'builtin_name_conflict',
  /** `replaceTools`: a tool takes a name a tool of another source group holds. */
  SourceNameConflict: 'source_name_conflict',
  /** `replaceTools` / atomic `registerAll`: two tools of the batch share a name. */
  DuplicateInBatch: 'duplicate_in_batch',
  /** `registerAll`: one or more tools failed; see `failures` (the others stay registered). */
  RegisterAllFailed: 'register_all_failed',
  /** An option is unknown or out of range, or an argument is not what is accepted (mode, target, ...). */
  InvalidOption: 'invalid_option',
  /** A search query cannot be run (a `/regex/` that is not valid RE2 syntax or too long). */
  InvalidSearchQuery: 'invalid_search_query',
  /** `markLoaded` / `unload`: a name no registered tool has (nothing was loaded or unloaded). */
  UnknownTool: 'unknown_tool',
  /** A tool of an interface version this registry does not speak (the message names both versions). */
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
} as const;

/** One of the codes in {@link RegistryErrorCode}. */
export type RegistryErrorCode = (typeof RegistryErrorCode)[keyof typeof RegistryErrorCode];

/** An error thrown by the registry. Its `code` is one of {@link RegistryErrorCode}. */
export class RegistryError extends ToolwrightError<RegistryErrorCode> {
  /** The tool the error is about, when there is one. */
  readonly toolName: string | undefined;

  /** Creates an error; `message` says what was wrong and what would be accepted. */
  constructor(
    code: RegistryErrorCode,
    message: string,
    details: { toolName?: string; cause?: unknown } = {},
  ) {
    super(code, message, 'cause' in details ? { cause: details.cause } : {});
    this.toolName = details.toolName;
  }

  /**
   * True for any `RegistryError` (a {@link RegisterAllError} included), also one thrown by another
   * installed copy of this package; false for the errors of other toolwright packages.
   */
  declare static readonly isInstance: ErrorClassGuard<RegistryError>;

  static {
    brandErrorClass(RegistryError, 'toolwright.registry.RegistryError', {
      formerKeys: ['toolwright.registry-error'],
    });
  }
}

/** One tool `registerAll` could not register, and why. */
export interface RegistrationFailure {
  name: string;
  error: RegistryError;
}

/**
 * Thrown by a non-atomic `registerAll` after it tried every tool: the tools not listed in
 * `failures` ARE registered (no rollback).
 */
export class RegisterAllError extends RegistryError {
  /** Every tool that failed, in batch order. */
  readonly failures: readonly RegistrationFailure[];
  /** The names that were registered despite the failures (always empty for an atomic batch). */
  readonly registered: readonly string[];
  /** True when the batch was atomic: then nothing at all was registered. */
  readonly atomic: boolean;

  /** Aggregates the failures of one batch of `batchSize` tools into one message, a failure a line. */
  constructor(
    failures: readonly RegistrationFailure[],
    registered: readonly string[],
    batch: { atomic: boolean; size: number },
  ) {
    const lines = failures.map((failure) => `- ${failure.name}: ${failure.error.message}`);
    const consequence = batch.atomic
      ? 'nothing was registered (atomic batch)'
      : `the other ${registered.length} stay registered; pass { atomic: true } to register all or none`;
    super(
      RegistryErrorCode.RegisterAllFailed,
      `registerAll: ${failures.length} of ${batch.size} tools failed to register (${consequence}):\n${lines.join('\n')}`,
    );
    this.atomic = batch.atomic;
    this.failures = Object.freeze([...failures]);
    this.registered = Object.freeze([...registered]);
  }

  /**
   * True for a `RegisterAllError` only (also one of another installed copy): a plain
   * `RegistryError` or another package's toolwright error is not one.
   */
  declare static readonly isInstance: ErrorClassGuard<RegisterAllError>;

  static {
    brandErrorClass(RegisterAllError, 'toolwright.registry.RegisterAllError', {
      formerKeys: ['toolwright.register-all-error'],
    });
  }
}
