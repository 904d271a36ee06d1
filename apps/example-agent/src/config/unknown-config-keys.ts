import type { TSchema } from '@sinclair/typebox';
import { findOptionsProblem, type OptionTable } from '@toolwright/utils';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One line per object of a config value that has keys its schema does not declare, worded by
 * `findOptionsProblem` as every toolwright option check is (`key /permissions: unknown
 * option "alow" (did you mean "allow"?); accepted: allow, ask, deny.`). It walks the objects
 * with declared `properties` only: a record such as `toolTimeoutsMs` takes any key, and a value
 * of the wrong type is left to the schema's own message.
 */
export function describeUnknownConfigKeys(schema: TSchema, value: unknown, pointer = ''): string[] {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (properties === undefined || !isPlainObject(value)) return [];
  const lines: string[] = [];
  // Names only: the values are the schema's to judge.
  const names: OptionTable = Object.fromEntries(
    Object.keys(properties).map((key) => [key, { kind: 'custom' }]),
  );
  const problem = findOptionsProblem(`key ${pointer === '' ? '(root)' : pointer}`, value, names);
  if (problem !== undefined) lines.push(problem.message);
  for (const [key, inner] of Object.entries(properties)) {
    if (key in value) lines.push(...describeUnknownConfigKeys(inner, value[key], `${pointer}/${key}`));
  }
  return lines;
}
