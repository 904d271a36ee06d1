import type { TSchema } from '@sinclair/typebox';
import { describeOptionProblem } from '@toolwright/utils';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One line per object of a config value that has keys its schema does not declare, worded by
 * `describeOptionProblem` as every toolwright option check is (`key /permissions: unknown
 * option "alow" (did you mean "allow"?); accepted: allow, ask, deny.`). It walks the objects
 * with declared `properties` only: a record such as `toolTimeoutsMs` takes any key, and a value
 * of the wrong type is left to the schema's own message.
 */
export function describeUnknownConfigKeys(schema: TSchema, value: unknown, pointer = ''): string[] {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (properties === undefined || !isPlainObject(value)) return [];
  const lines: string[] = [];
  const problem = describeOptionProblem(
    `key ${pointer === '' ? '(root)' : pointer}`,
    value,
    Object.keys(properties),
  );
  if (problem !== undefined) lines.push(problem);
  for (const [key, inner] of Object.entries(properties)) {
    if (key in value) lines.push(...describeUnknownConfigKeys(inner, value[key], `${pointer}/${key}`));
  }
  return lines;
}
