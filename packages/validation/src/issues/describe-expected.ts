import { previewText } from '@toolwright/utils';
import { isSchemaNode, type SchemaNode } from '../schema/schema-node.js';

const MAX_EXPECTED_LENGTH = 160;

function literal(value: unknown): string {
  return previewText(JSON.stringify(value) ?? String(value), 40);
}

function typeName(schema: SchemaNode): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (isSchemaNode(schema.properties)) return 'object';
  return undefined;
}

/**
 * Says in a few words what a schema node accepts: its type plus the constraints a model most
 * often gets wrong (`integer >= 1`, `string of at most 80 characters`, `one of "a", "b"`).
 * Bounded: unions are described two levels deep at most and the text is capped.
 */
export function describeExpected(schema: SchemaNode, depth = 0): string {
  if (depth === 0) {
    const known = described.get(schema);
    if (known !== undefined) return known;
    const text = describeNode(schema, 0);
    described.set(schema, text);
    return text;
  }
  return describeNode(schema, depth);
}

/** Schema nodes are long-lived and described again on every rejection: remember the words. */
const described = new WeakMap<SchemaNode, string>();

function describeNode(schema: SchemaNode, depth: number): string {
  let text: string;
  if ('const' in schema) text = literal(schema.const);
  else if (Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, 8).map(literal).join(', ');
    text = `one of ${shown}${schema.enum.length > 8 ? ', …' : ''}`;
  } else if ((Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) && depth < 2) {
    const members = ((schema.anyOf ?? schema.oneOf) as unknown[]).filter(isSchemaNode);
    const constants = members.every((member) => 'const' in member);
    text = constants
      ? `one of ${members
          .slice(0, 8)
          .map((member) => literal(member.const))
          .join(', ')}${members.length > 8 ? ', …' : ''}`
      : members
          .slice(0, 6)
          .map((member) => describeExpected(member, depth + 1))
          .join(' | ');
  } else {
    const parts = [typeName(schema) ?? 'a value'];
    const bounds: string[] = [];
    if (typeof schema.minimum === 'number') bounds.push(`>= ${schema.minimum}`);
    if (typeof schema.exclusiveMinimum === 'number') bounds.push(`> ${schema.exclusiveMinimum}`);
    if (typeof schema.maximum === 'number') bounds.push(`<= ${schema.maximum}`);
    if (typeof schema.exclusiveMaximum === 'number') bounds.push(`< ${schema.exclusiveMaximum}`);
    if (typeof schema.multipleOf === 'number') bounds.push(`multiple of ${schema.multipleOf}`);
    if (bounds.length > 0) parts.push(bounds.join(' and '));
    // "at least 1 character", not "at least 1 characters": a model reads these literally.
    const lengthOf = (singular: string, plural: string, min: unknown, max: unknown): void => {
      const count = (n: number) => `${n} ${n === 1 ? singular : plural}`;
      if (typeof min === 'number' && min === max) parts.push(`of exactly ${count(min)}`);
      else if (typeof min === 'number' && typeof max === 'number') parts.push(`of ${min} to ${count(max)}`);
      else if (typeof min === 'number') parts.push(`of at least ${count(min)}`);
      else if (typeof max === 'number') parts.push(`of at most ${count(max)}`);
    };
    lengthOf('character', 'characters', schema.minLength, schema.maxLength);
    lengthOf('item', 'items', schema.minItems, schema.maxItems);
    lengthOf('property', 'properties', schema.minProperties, schema.maxProperties);
    if (typeof schema.pattern === 'string') parts.push(`matching /${schema.pattern}/`);
    if (typeof schema.format === 'string') parts.push(`in format ${schema.format}`);
    if (schema.uniqueItems === true) parts.push('with unique items');
    text = parts.join(' ');
  }
  return previewText(text, MAX_EXPECTED_LENGTH);
}
