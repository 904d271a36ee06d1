import { brandErrorClass, type ErrorClassGuard } from '@toolwright/utils';
import { ToolwrightError } from './toolwright-error.js';

/** The codes a {@link ToolSchemaError} carries. */
export type ToolSchemaErrorCode = 'schema_rejected' | 'schema_compile_failed' | 'schema_invalid_default';

/**
 * Thrown when a schema itself cannot be used — the developer's problem, found when the schema is
 * compiled, screened or projected, never while a model's arguments are parsed:
 * `schema_rejected` (a foreign schema or a projection input refused before compiling),
 * `schema_compile_failed` (TypeBox cannot compile it) and `schema_invalid_default` (a `default`
 * its own schema rejects). It keeps its stack trace, unlike an argument error.
 */
export class ToolSchemaError extends ToolwrightError<ToolSchemaErrorCode> {
  /** True for any `ToolSchemaError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolSchemaError>;

  static {
    brandErrorClass(ToolSchemaError, 'toolwright.validation.ToolSchemaError', {
      formerKeys: ['toolwright.tool-schema-error'],
    });
  }
}
