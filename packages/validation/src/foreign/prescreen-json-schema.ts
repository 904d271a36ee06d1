import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { JsonSchemaLimits } from './json-schema-limits.js';

/** What the pre-screen learned about a schema it accepted. */
export interface PrescreenReport {
  /** Approximate size in characters of JSON. */
  bytes: number;
  nodes: number;
  properties: number;
  depth: number;
  /** True when some schema node carries a `default` (the parser must then fill defaults). */
  hasDefaults: boolean;
  /** A deep copy, made during the same walk (so the caller's object can change later unharmed). */
  copy: Record<string, unknown>;
}

const REFERENCE_KEYWORDS = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

function reject(subject: string, problem: string, accepted: string): never {
  throw new ToolSchemaError(ValidationErrorCode.SchemaRejected, `${subject}: ${problem}; ${accepted}`);
}

/**
 * Checks a foreign schema iteratively — no recursion, so neither a 10,000-level nesting nor an
 * object cycle can overflow the stack — before anything (Ajv, JSON.stringify) walks it
 * recursively. Refuses, with `schema_rejected` naming the problem: non-JSON values, a schema
 * that is not an object, size / depth / node / property / enum caps, and `$ref`s that do not
 * stay inside the schema (a remote `$ref` would need a network fetch; none is ever made).
 */
export function prescreenJsonSchema(
  schema: unknown,
  limits: Readonly<Required<JsonSchemaLimits>>,
  subject: string,
): PrescreenReport {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    reject(
      subject,
      `the schema must be a JSON object, got ${Array.isArray(schema) ? 'an array' : typeof schema}`,
      'pass an object schema such as { "type": "object", "properties": {...} }',
    );
  }
  const copy: Record<string, unknown> = {};
  const report: PrescreenReport = { bytes: 0, nodes: 0, properties: 0, depth: 0, hasDefaults: false, copy };
  const declaredIds = new Set<string>();
  const references: Array<{ reference: string; path: string }> = [];
  // Each entry: the value, its depth, its path, and where its copy goes (container and key).
  const stack: Array<
    [unknown, number, string, Record<string, unknown> | unknown[] | undefined, string | number]
  > = [[schema, 1, '', undefined, '']];
  while (stack.length > 0) {
    const [current, depth, path, parent, slot] = stack.pop()!;
    const place = (value: unknown): void => {
      if (parent === undefined) return;
      if (Array.isArray(parent)) parent[slot as number] = value;
      else parent[slot as string] = value;
    };
    if (typeof current !== 'object' || current === null) place(current);
    switch (typeof current) {
      case 'string':
        report.bytes += current.length + 3;
        break;
      case 'number':
      case 'boolean':
        report.bytes += 8;
        break;
      case 'object': {
        if (current === null) {
          report.bytes += 5;
          break;
        }
        report.nodes++;
        report.bytes += 3;
        report.depth = Math.max(report.depth, depth);
        if (depth > limits.maxDepth)
          reject(
            subject,
            `the schema nests deeper than ${limits.maxDepth} levels at ${path}`,
            'flatten it or use $defs',
          );
        if (report.nodes > limits.maxNodes)
          reject(
            subject,
            `the schema has more than ${limits.maxNodes} objects and arrays`,
            'send a smaller schema',
          );
        if (Array.isArray(current)) {
          const items: unknown[] = new Array(current.length);
          place(items);
          for (let index = current.length - 1; index >= 0; index--) {
            stack.push([current[index], depth + 1, `${path}/${index}`, items, index]);
          }
          break;
        }
        const prototype = Object.getPrototypeOf(current);
        if (prototype !== Object.prototype && prototype !== null)
          reject(subject, `a value at ${path || '/'} is not plain JSON`, 'pass parsed JSON');
        const record = current as Record<string, unknown>;
        const target: Record<string, unknown> = parent === undefined ? copy : {};
        place(target);
        for (const key of Object.keys(record)) {
          const value = record[key];
          const childPath = appendPointer(path, key);
          report.bytes += key.length + 4;
          if (key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
            report.properties += Object.keys(value).length;
            if (report.properties > limits.maxProperties) {
              reject(
                subject,
                `the schema declares more than ${limits.maxProperties} properties`,
                'split the tool or send a smaller schema',
              );
            }
          }
          if (key === 'enum' && Array.isArray(value) && value.length > limits.maxEnumValues) {
            reject(
              subject,
              `the enum at ${childPath} has ${value.length} values`,
              `at most ${limits.maxEnumValues} are accepted`,
            );
          }
          if (key === '$id' && typeof value === 'string') declaredIds.add(value);
          // Over-approximate (a property named "default" counts too): it only costs the fast path.
          if (key === 'default') report.hasDefaults = true;
          if (REFERENCE_KEYWORDS.has(key) && typeof value === 'string')
            references.push({ reference: value, path: childPath });
          if (value === undefined) continue;
          // Placed now so the copy keeps the key order (the stack fills values in reverse).
          target[key] = null;
          stack.push([value, depth + 1, childPath, target, key]);
        }
        break;
      }
      default:
        reject(subject, `a ${typeof current} at ${path || '/'} is not JSON`, 'pass parsed JSON');
    }
    if (report.bytes > limits.maxBytes)
      reject(subject, `the schema is larger than ${limits.maxBytes} bytes as JSON`, 'send a smaller schema');
  }
  for (const { reference, path } of references) {
    if (!reference.startsWith('#') && !declaredIds.has(reference)) {
      reject(
        subject,
        `the $ref ${JSON.stringify(reference)} at ${path} points outside the schema (remote references are never fetched)`,
        'use a local reference such as "#/$defs/Name"',
      );
    }
  }
  return report;
}
