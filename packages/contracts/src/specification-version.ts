import { describeSpecificationVersionProblem } from '@toolwright/utils';
import { ContractsErrorCode, InvalidToolDefinitionError } from './errors.js';

/** This package and its version line, as refusals of another interface version name it. */
export const CONTRACTS_ACCEPTS = '@toolwright/contracts 0.x';

/** TypeBox 0.32–0.34's kind marker, read without importing TypeBox (an optional peer). */
const Kind = Symbol.for('TypeBox.Kind');

/**
 * Refuses a config whose schema is a `SchemaValidator` of another interface version (a newer
 * `@toolwright/validation` made it) with `unsupported_specification_version`, before the
 * config's other checks would call it "not a TypeBox schema".
 */
export function checkSchemaSpecificationVersion(config: unknown): void {
  const schema = (config as { schema?: unknown } | null | undefined)?.schema;
  if (typeof schema !== 'object' || schema === null || Kind in schema) return;
  if (typeof (schema as { parse?: unknown }).parse !== 'function') return;
  const problem = describeSpecificationVersionProblem('SchemaValidator', schema, CONTRACTS_ACCEPTS);
  if (problem === undefined) return;
  const name = (config as { name?: unknown }).name;
  throw new InvalidToolDefinitionError(typeof name === 'string' ? name : undefined, [`schema: ${problem}`], {
    code: ContractsErrorCode.UnsupportedSpecificationVersion,
  });
}
