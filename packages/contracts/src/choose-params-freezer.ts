import type { JsonSchema, SchemaValidator } from '@toolwright/validation';
import { freezeParsed } from './freeze-parsed.js';
import { compileParamsFreezer, type ParamsFreezer } from './params-freezer.js';

/** A validator that can describe its output (validation's `StandardSchemaValidator`). */
interface DescribesOutput {
  outputJsonSchema(): JsonSchema | undefined;
}

function describesOutput(validator: SchemaValidator): validator is SchemaValidator & DescribesOutput {
  return typeof (validator as Partial<DescribesOutput>).outputJsonSchema === 'function';
}

/**
 * The deep freeze `build()` uses, chosen on the first call. The freezer specialised from a JSON
 * Schema trusts that schema to describe the value it freezes, so it is used only where it does:
 * the schema of a TypeBox 0.34 tool (parse returns what it describes), and the output JSON Schema
 * a Standard Schema library gives for what its `validate` returns (Zod and Valibot refuse to
 * give one for transforms, ArkType gives `{}` for a morph, which the freezer walks generically).
 * Everything else — a foreign validator, a library with no output schema — gets the generic walk.
 */
export function chooseParamsFreezer(validator: SchemaValidator, ownTypeBoxSchema: boolean): ParamsFreezer {
  if (ownTypeBoxSchema) return compileParamsFreezer(validator.toJsonSchema());
  if (describesOutput(validator)) {
    const output = validator.outputJsonSchema();
    if (output !== undefined) return compileParamsFreezer(output);
  }
  return freezeParsed;
}
