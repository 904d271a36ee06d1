import { checkOptions, invalidOption } from './check-options.js';

/** One field of a definition: its name, whether it is required and what it must be. */
export interface DefinitionField {
  readonly name: string;
  readonly required: boolean;
  readonly type: 'string' | 'function' | 'boolean' | 'array' | 'object';
}

/**
 * Checks a host definition (a resource, template or prompt) field by field: unknown keys are
 * refused with the nearest known name, required fields must be there, every field must have its
 * type. `owner` names the definition in the message (`prompts[2] "summarise"`).
 */
export function checkDefinition(owner: string, value: unknown, fields: readonly DefinitionField[]): void {
  checkOptions(
    owner,
    value,
    fields.map((field) => field.name),
  );
  const record = value as Record<string, unknown>;
  for (const field of fields) {
    const got = record[field.name];
    if (got === undefined) {
      if (field.required) throw invalidOption(owner, field.name, `a ${field.type} (it is required)`, got);
      continue;
    }
    const matches =
      field.type === 'array'
        ? Array.isArray(got)
        : field.type === 'object'
          ? typeof got === 'object' && got !== null && !Array.isArray(got)
          : typeof got === field.type;
    if (!matches || (field.type === 'string' && got === '')) {
      throw invalidOption(
        owner,
        field.name,
        field.type === 'string' ? 'a non-empty string' : `a ${field.type}`,
        got,
      );
    }
  }
}

/** Checks that `value` is absent or an array, and returns it as one. */
export function definitionList(owner: string, name: string, value: unknown): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidOption(owner, name, 'an array', value);
  return value;
}
