import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { appendPointer } from '../schema/json-pointer.js';
import { type JsonSchemaLimits, resolveJsonSchemaLimits } from './json-schema-limits.js';
import { shareSmallNodes } from './shared-schema-nodes.js';
import { findUnknownSchemaType } from './unknown-schema-type.js';

/** What the pre-screen learned about a schema it accepted. */
export interface JsonSchemaReport {
  /** Approximate size in UTF-8 bytes of its JSON. */
  bytes: number;
  nodes: number;
  properties: number;
  depth: number;
  /** True when some schema node carries a `default` (the parser must then fill defaults). */
  hasDefaults: boolean;
  /**
   * A deep copy, made during the same walk (so the caller's object can change later unharmed). Its
   * small subschemas are frozen and shared with other reports' copies (the root object is its own).
   */
  copy: Record<string, unknown>;
}

/** Why the pre-screen refused a schema. */
export interface JsonSchemaRefusal {
  /** The limit the schema went past; undefined when it is not JSON or has a remote `$ref`. */
  readonly limit: keyof JsonSchemaLimits | undefined;
  /** What is wrong, starting with "the schema": `the schema nests deeper than 64 levels at /properties/a`. */
  readonly problem: string;
  /** What would be accepted instead. */
  readonly accepted: string;
}

/** The pre-screen's verdict: the report of an accepted schema, or why it was refused. */
export type JsonSchemaScreen =
  | { readonly report: JsonSchemaReport; readonly refusal?: undefined }
  | { readonly report?: undefined; readonly refusal: JsonSchemaRefusal };

const REFERENCE_KEYWORDS = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/**
 * The reports this module makes: only these vouch that their `copy` passed the screen. The
 * private field is the proof (a look-alike object cannot have it), and checking it costs far
 * less than a WeakSet of every report, which every screened MCP tool schema would enter.
 */
class ScreenReport implements JsonSchemaReport {
  readonly #screened = true;
  bytes = 0;
  nodes = 0;
  properties = 0;
  depth = 0;
  hasDefaults = false;
  constructor(readonly copy: Record<string, unknown>) {}

  static vouchesFor(report: object): boolean {
    return #screened in report;
  }
}

/** True when `report` is one {@link screenJsonSchema} returned (not a look-alike object). */
export function isScreenReport(report: unknown): report is JsonSchemaReport {
  return typeof report === 'object' && report !== null && ScreenReport.vouchesFor(report);
}

/** Thrown inside the walk to leave it at the first problem; never escapes this module. */
class Refused {
  constructor(readonly refusal: JsonSchemaRefusal) {}
}

function reject(limit: keyof JsonSchemaLimits | undefined, problem: string, accepted: string): never {
  throw new Refused({ limit, problem, accepted });
}

/**
 * {@link screenJsonSchema}, throwing `schema_rejected` naming `subject`, the problem and what is
 * accepted. `compileJsonSchema` and the Standard Schema validator call it.
 */
export function prescreenJsonSchema(
  schema: unknown,
  limits: Readonly<Required<JsonSchemaLimits>>,
  subject: string,
): JsonSchemaReport {
  const { report, refusal } = screenWithLimits(schema, limits);
  if (refusal !== undefined) {
    throw new ToolSchemaError(
      ValidationErrorCode.SchemaRejected,
      `${subject}: ${refusal.problem}; ${refusal.accepted}`,
    );
  }
  return report;
}

/**
 * The one measure of a foreign JSON Schema: checks it iteratively — no recursion, so neither a
 * 10,000-level nesting nor an object cycle can overflow the stack — before anything (Ajv,
 * JSON.stringify) walks it recursively, and copies it in the same walk. Refuses, naming the
 * problem and the limit it went past: non-JSON values, a schema that is not an object, size
 * (UTF-8 bytes of its JSON) / depth (the root object is level 1) / node / property / enum caps,
 * `$ref`s that do not stay inside the schema (a remote `$ref` would need a network fetch;
 * none is ever made) and a `type` that names no JSON Schema type (see `findUnknownSchemaType`). The MCP adapter's catalog screen uses it too, so a server's schema is
 * measured one way from listing to compiling. `limits` are checked by name and value
 * (`InvalidOptionError`) and default to `DEFAULT_JSON_SCHEMA_LIMITS`.
 */
export function screenJsonSchema(schema: unknown, limits?: JsonSchemaLimits): JsonSchemaScreen {
  return screenWithLimits(schema, resolveJsonSchemaLimits(limits));
}

function screenWithLimits(schema: unknown, limits: Readonly<Required<JsonSchemaLimits>>): JsonSchemaScreen {
  try {
    const report = walkSchema(schema, limits);
    return { report };
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.refusal };
    throw error;
  }
}

/**
 * A value waiting on the walk's stack: its depth, where its copy goes (container and key; the
 * root's copy is the report's `copy` itself) and the entry it sits in, from which its JSON
 * pointer is built only when a refusal needs it (most schemas are never refused).
 */
interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly container: Record<string, unknown> | unknown[] | undefined;
  readonly slot: string | number;
  readonly up: Pending | undefined;
}

/** The JSON pointer of a pending value (`''` for the root). */
function pointerOf(entry: Pending): string {
  let path = '';
  for (let at: Pending | undefined = entry; at?.up !== undefined; at = at.up) {
    path = `${appendPointer('', String(at.slot))}${path}`;
  }
  return path;
}

function walkSchema(schema: unknown, limits: Readonly<Required<JsonSchemaLimits>>): JsonSchemaReport {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    reject(
      undefined,
      `the schema must be a JSON object, got ${Array.isArray(schema) ? 'an array' : typeof schema}`,
      'pass an object schema such as { "type": "object", "properties": {...} }',
    );
  }
  const copy: Record<string, unknown> = {};
  const report = new ScreenReport(copy);
  // Any `$id` value: one that is not a string equals no `$ref` (which is one).
  const declaredIds = new Set<unknown>();
  const references: Array<{ reference: string; at: Pending }> = [];
  const stack: Pending[] = [{ value: schema, depth: 1, container: undefined, slot: 0, up: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value: current, depth, container } = entry;
    // A primitive is its own copy; an object or array is replaced by its copy below.
    let copied: unknown = current;
    switch (typeof current) {
      case 'string':
        report.bytes += Buffer.byteLength(current) + 3;
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
            'maxDepth',
            `the schema nests deeper than ${limits.maxDepth} levels at ${pointerOf(entry)}`,
            'flatten it or use $defs',
          );
        if (report.nodes > limits.maxNodes)
          reject(
            'maxNodes',
            `the schema has more than ${limits.maxNodes} objects and arrays`,
            'send a smaller schema',
          );
        if (Array.isArray(current)) {
          const items: unknown[] = [];
          copied = items;
          for (let index = current.length - 1; index >= 0; index--) {
            stack.push({ value: current[index], depth: depth + 1, container: items, slot: index, up: entry });
          }
          break;
        }
        const prototype = Object.getPrototypeOf(current);
        if (prototype !== Object.prototype && prototype !== null)
          reject(undefined, `a value at ${pointerOf(entry) || '/'} is not plain JSON`, 'pass parsed JSON');
        const record = current as Record<string, unknown>;
        const target: Record<string, unknown> = container === undefined ? copy : {};
        copied = target;
        for (const key of Object.keys(record)) {
          const value = record[key];
          report.bytes += Buffer.byteLength(key) + 4;
          if (key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
            report.properties += Object.keys(value).length;
            if (report.properties > limits.maxProperties) {
              reject(
                'maxProperties',
                `the schema declares more than ${limits.maxProperties} properties`,
                'split the tool or send a smaller schema',
              );
            }
          }
          const child: Pending = { value, depth: depth + 1, container: target, slot: key, up: entry };
          if (key === 'enum' && Array.isArray(value) && value.length > limits.maxEnumValues) {
            reject(
              'maxEnumValues',
              `the enum at ${pointerOf(child)} has ${value.length} values`,
              `at most ${limits.maxEnumValues} are accepted`,
            );
          }
          if (key === '$id') declaredIds.add(value);
          // Over-approximate (a property named "default" counts too): it only costs the fast path.
          if (key === 'default') report.hasDefaults = true;
          if (REFERENCE_KEYWORDS.has(key) && typeof value === 'string')
            references.push({ reference: value, at: child });
          if (value === undefined) continue;
          // Placed now so the copy keeps the key order (the stack fills values in reverse).
          target[key] = null;
          stack.push(child);
        }
        break;
      }
      default:
        // Never the root (an object, checked above): its pointer is never empty here.
        reject(undefined, `a ${typeof current} at ${pointerOf(entry)} is not JSON`, 'pass parsed JSON');
    }
    if (container !== undefined) (container as Record<string | number, unknown>)[entry.slot] = copied;
    if (report.bytes > limits.maxBytes)
      reject(
        'maxBytes',
        `the schema is larger than ${limits.maxBytes} bytes as JSON`,
        'send a smaller schema',
      );
  }
  for (const { reference, at } of references) {
    if (!reference.startsWith('#') && !declaredIds.has(reference)) {
      reject(
        undefined,
        `the $ref ${JSON.stringify(reference)} at ${pointerOf(at)} points outside the schema (remote references are never fetched)`,
        'use a local reference such as "#/$defs/Name"',
      );
    }
  }
  const unknownType = findUnknownSchemaType(copy);
  if (unknownType !== undefined) reject(undefined, unknownType.problem, unknownType.accepted);
  // Accepted: repeated small subschemas become one frozen node shared by every schema.
  shareSmallNodes(copy);
  return report;
}
