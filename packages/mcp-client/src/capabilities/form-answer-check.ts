import { previewValue } from '@toolwright/utils';

/** What checking an accepted form answer found: the content to send, or why none is sent. */
export type McpFormAnswerCheckResult =
  | { readonly ok: true; readonly content: Record<string, unknown> }
  | { readonly ok: false; readonly problem: string };

/**
 * Checks accepted form-elicitation answers against the schema a server requested. It is called
 * once per elicitation, before the host is asked: it may throw to refuse a schema it cannot
 * check (the server then gets the message). The function it returns checks one answer's content
 * and gives the content to send (with defaults or repairs it made) or the problem, naming the field.
 *
 * `subject` names the elicitation for messages, e.g. `elicitation from MCP server "docs"`.
 */
export type McpFormAnswerCheck = (
  requestedSchema: Readonly<Record<string, unknown>>,
  subject: string,
) => (content: Readonly<Record<string, unknown>>) => McpFormAnswerCheckResult;

type Schema = Readonly<Record<string, unknown>>;

/**
 * The check a connection manager applies when it is given none: the restricted schemas MCP
 * allows for a form (a flat object whose properties are strings, numbers, integers, booleans,
 * single-select enums and multi-select enum arrays, with `required`). A field left out gets
 * its `default`; a field the schema does not name, a missing required field, a value of another
 * type, out of its bounds or not among its choices is refused, naming the field. Anything beyond
 * those keywords (a string `format`, say) is not checked: give a full JSON Schema check
 * (`formAnswerCheck`) to have it checked.
 */
export const restrictedFormAnswerCheck: McpFormAnswerCheck = (requestedSchema) => {
  const properties = (requestedSchema.properties ?? {}) as Readonly<Record<string, Schema>>;
  const required = Array.isArray(requestedSchema.required) ? (requestedSchema.required as unknown[]) : [];
  const names = Object.keys(properties);
  return (content) => {
    const filled: Record<string, unknown> = { ...content };
    for (const name of names) {
      const fallback = properties[name]?.default;
      if (!Object.hasOwn(filled, name) && fallback !== undefined) filled[name] = fallback;
    }
    for (const name of Object.keys(filled)) {
      if (!Object.hasOwn(properties, name)) {
        return refused(
          `field "${name}" is not in the requested schema; accepted: ${names.join(', ') || 'none'}`,
        );
      }
      const problem = propertyProblem(properties[name] as Schema, filled[name]);
      if (problem !== undefined)
        return refused(`field "${name}" must be ${problem}; got ${previewValue(filled[name])}`);
    }
    const missing = required.filter((name) => typeof name === 'string' && !Object.hasOwn(filled, name));
    if (missing.length > 0) return refused(`required field "${missing.join('", "')}" is missing`);
    return { ok: true, content: filled };
  };
};

function refused(problem: string): McpFormAnswerCheckResult {
  return { ok: false, problem };
}

/** What `value` must be for `schema`, or `undefined` when it is that. */
function propertyProblem(schema: Schema, value: unknown): string | undefined {
  const choices = enumChoices(schema);
  if (choices !== undefined) {
    return choices.includes(value as string) ? undefined : `one of ${quoted(choices)}`;
  }
  switch (schema.type) {
    case 'string':
      return stringProblem(schema, value);
    case 'number':
    case 'integer':
      return numberProblem(schema, value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'a boolean';
    case 'array':
      return selectionProblem(schema, value);
    default:
      return undefined;
  }
}

function stringProblem(schema: Schema, value: unknown): string | undefined {
  const min = limit(schema.minLength, Number.NEGATIVE_INFINITY);
  const max = limit(schema.maxLength, Number.POSITIVE_INFINITY);
  const accepted = `a string${bounds(min, max, ' characters')}`;
  if (typeof value !== 'string') return accepted;
  return value.length < min || value.length > max ? accepted : undefined;
}

function numberProblem(schema: Schema, value: unknown): string | undefined {
  const integer = schema.type === 'integer';
  const min = limit(schema.minimum, Number.NEGATIVE_INFINITY);
  const max = limit(schema.maximum, Number.POSITIVE_INFINITY);
  const accepted = `${integer ? 'an integer' : 'a number'}${bounds(min, max, '')}`;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    return accepted;
  return value < min || value > max ? accepted : undefined;
}

/** A multi-select enum: an array of distinct choices from `items`. */
function selectionProblem(schema: Schema, value: unknown): string | undefined {
  const choices = enumChoices((schema.items ?? {}) as Schema) ?? [];
  const min = limit(schema.minItems, Number.NEGATIVE_INFINITY);
  const max = limit(schema.maxItems, Number.POSITIVE_INFINITY);
  const accepted = `a list${bounds(min, max, ' items')} of distinct choices from ${quoted(choices)}`;
  if (!Array.isArray(value) || value.length < min || value.length > max) return accepted;
  if (new Set(value).size !== value.length) return accepted;
  return value.every((item) => choices.includes(item)) ? undefined : accepted;
}

/** The choices of a single-select enum (`enum`, or `oneOf`/`anyOf` of `const`s), if it is one. */
function enumChoices(schema: Schema): readonly string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum as string[];
  const options = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(options)) return undefined;
  return options.map((option) => (option as { const?: unknown } | null)?.const as string);
}

/** `from 1 to 5`, `of at most 5`, `of at least 1` (each with its unit), or nothing. */
function bounds(min: number, max: number, unit: string): string {
  if (Number.isFinite(min) && Number.isFinite(max)) return ` from ${min} to ${max}${unit}`;
  if (Number.isFinite(max)) return ` of at most ${max}${unit}`;
  if (Number.isFinite(min)) return ` of at least ${min}${unit}`;
  return '';
}

/** A numeric keyword's value, or `fallback` when the schema has none. */
function limit(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function quoted(choices: readonly string[]): string {
  return choices.map((choice) => JSON.stringify(choice)).join(', ');
}
