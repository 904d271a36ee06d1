import { appendPointer } from '../schema/json-pointer.js';
import type { JsonSchema, JsonValue } from '../schema/json-types.js';
import {
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from '../schema/schema-keywords.js';
import { isSchemaNode } from '../schema/schema-node.js';
import type { ProjectionNote } from './projection-notes.js';

/** True when the schema already accepts `null` (so making it nullable changes nothing). */
function acceptsNull(schema: JsonSchema): boolean {
  if (Object.keys(schema).every((key) => key === 'description' || key === 'title')) return true;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((member) => isSchemaNode(member) && acceptsNull(member as JsonSchema));
  return false;
}

/**
 * The nullable form of a schema, as strict mode wants an optional field: `type: [t, 'null']`
 * when the schema is a plain typed one, `null` added to an `enum`, a `{ type: 'null' }` member
 * added to an `anyOf`, otherwise `anyOf: [schema, { type: 'null' }]`.
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  if (typeof schema.type === 'string' && !('const' in schema) && schema.$ref === undefined) {
    const nullable: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.type) && !('const' in schema)) {
    const nullable: JsonSchema = { ...schema, type: [...schema.type, 'null'] };
    if (Array.isArray(schema.enum)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  const { description, ...inner } = schema;
  const wrapped: JsonSchema = { anyOf: [inner, { type: 'null' }] };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
}

function withDefaultHint(schema: JsonSchema): JsonSchema {
  if (!('default' in schema)) return schema;
  const { default: value, ...rest } = schema;
  const hint = `Default: ${JSON.stringify(value)}.`;
  const text = typeof rest.description === 'string' ? rest.description.trimEnd() : '';
  rest.description = text === '' ? hint : `${text}${/[.!?。]$/.test(text) ? '' : '.'} ${hint}`;
  return rest;
}

/**
 * OpenAI strict mode: every object lists all its properties in `required` and sets
 * `additionalProperties: false`; properties that were optional become nullable (the parser maps
 * that `null` back to absent with `nullAsAbsent`). `default` is not accepted in strict mode, so it
 * moves into the description. Objects that cannot be closed (record-like) are noted for the lint.
 */
export function toOpenAiStrict(schema: JsonSchema, notes: ProjectionNote[]): JsonSchema {
  const visit = (node: JsonValue, path: string): JsonValue => {
    if (!isSchemaNode(node)) return node;
    const source = withDefaultHint(node as JsonSchema);
    const output: JsonSchema = {};
    for (const [key, value] of Object.entries(source)) {
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        output[key] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [
            name,
            visit(child, appendPointer(appendPointer(path, key), name)),
          ]),
        );
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        output[key] = value.map((child, index) => visit(child, `${path}/${key}/${index}`));
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key) && isSchemaNode(value)) {
        output[key] = visit(value, `${path}/${key}`);
      } else output[key] = value;
    }
    const properties = output.properties;
    if (isSchemaNode(properties)) {
      const declared = new Set(Array.isArray(output.required) ? output.required : []);
      const names = Object.keys(properties);
      const strictProperties: JsonSchema = {};
      for (const name of names) {
        const property = properties[name] as JsonSchema;
        strictProperties[name] =
          declared.has(name) || !isSchemaNode(property) ? property : makeNullable(property);
      }
      output.properties = strictProperties;
      output.required = names;
      if (output.additionalProperties !== false) {
        if (output.additionalProperties !== undefined) {
          notes.push({
            path,
            reason: 'strict mode needs additionalProperties: false; this object allows extra keys',
          });
        }
        output.additionalProperties = false;
      }
    } else if (output.type === 'object' && output.additionalProperties !== false) {
      notes.push({
        path,
        reason: 'strict mode cannot express an object with free-form keys (record-like object)',
      });
    }
    return output;
  };
  return visit(schema, '') as JsonSchema;
}
