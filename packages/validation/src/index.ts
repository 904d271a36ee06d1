/**
 * `@toolwright/validation`: TypeBox validation with errors a model can repair from, projection to
 * JSON Schema and each provider's dialect, foreign JSON Schema, sensitive paths.
 *
 * @packageDocumentation
 */

export { InvalidOptionError } from './errors/invalid-option-error.js';
export { ToolSchemaError, type ToolSchemaErrorCode } from './errors/tool-schema-error.js';
export { ToolValidationError, type ValidationIssue } from './errors/tool-validation-error.js';
export {
  TOOLWRIGHT_ERROR_MARKER,
  ToolwrightError,
  type ToolwrightErrorOptions,
  ValidationErrorCode,
} from './errors/toolwright-error.js';
export {
  type CompileJsonSchemaOptions,
  compileJsonSchema,
  compileScreenedJsonSchema,
  screenedJsonSchemaOf,
} from './foreign/compile-json-schema.js';
export { DEFAULT_JSON_SCHEMA_LIMITS, type JsonSchemaLimits } from './foreign/json-schema-limits.js';
export { compileLinearRegExp, type LinearRegExp, type LinearRegExpFlags } from './foreign/linear-regexp.js';
export {
  type JsonSchemaRefusal,
  type JsonSchemaReport,
  type JsonSchemaScreen,
  screenJsonSchema,
} from './foreign/prescreen-json-schema.js';
export { findUnknownSchemaType, type UnknownSchemaType } from './foreign/unknown-schema-type.js';
export { type BoundedIntegerOptions, type ToolSchemaOptions, ToolSchemas } from './helpers/tool-schemas.js';
export {
  type LintableDeclaration,
  lintToolDeclaration,
  type ProviderLintIssue,
} from './lint/lint-tool-declaration.js';
export { PORTABLE_TOOL_NAME } from './lint/provider-rules.js';
export type { MessageLocale } from './messages/message-catalog.js';
export { DEFAULT_ARGUMENT_LIMITS } from './parse/argument-guard.js';
export { compileToolSchema, parseToolSchema } from './parse/compile-tool-schema.js';
export { MESSAGE_LOCALES } from './parse/parse-context.js';
export { type ProjectSchemaOptions, projectSchema } from './projection/project-schema.js';
export { toJsonSchema } from './projection/to-json-schema.js';
export {
  type JsonSchema,
  type JsonValue,
  PROVIDER_TARGETS,
  type ProviderTarget,
} from './schema/json-types.js';
export { JSON_SCHEMA_TYPES } from './schema/schema-keywords.js';
export {
  type ArgumentLimits,
  type Coercion,
  type DescribesObjectRoot,
  isSchemaValidator,
  objectRootKnown,
  type ParseOptions,
  type ParseResult,
  type SchemaValidator,
  type SchemaValidatorV1,
} from './schema/schema-validator.js';
export { type CompileSchemaOptions, compileSchema } from './schema-kinds/compile-schema.js';
export {
  ACCEPTED_SCHEMA_KINDS,
  isTypeBox1Schema,
  isTypeBox034Schema,
  type SchemaKind,
  schemaKindOf,
} from './schema-kinds/schema-kind.js';
export {
  isStandardJsonSchema,
  isStandardSchema,
  type StandardIssue,
  type StandardJsonSchemaOptions,
  type StandardJsonSchemaValidator,
  type StandardOutput,
  type StandardPathSegment,
  type StandardResult,
} from './schema-kinds/standard-schema.js';
export { StandardSchemaValidator } from './schema-kinds/standard-schema-validator.js';
export {
  type DetectSensitivePathOptions,
  detectSensitivePath,
  filterSensitive,
  type SensitivePathEntry,
  type SensitivePathMatch,
} from './sensitive/detect-sensitive-path.js';
export type { SensitivityLevel } from './sensitive/sensitive-rules.js';
