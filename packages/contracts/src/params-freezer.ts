import { copyRecord, freezeParsed, isPlainObject } from './freeze-parsed.js';

/**
 * Deep-freezes one node of a parse result. `input` is the caller's node at the same place (or
 * `undefined`): a node that is still the caller's is copied before it is frozen, never frozen
 * in place. Returns the frozen node (the same object when it was the parse's own).
 */
export type ParamsFreezer = (value: unknown, input: unknown) => unknown;

/** A schema node whose valid values are never objects: nothing to freeze below it. */
const PRIMITIVE = 'primitive';

type NodePlan = ParamsFreezer | typeof PRIMITIVE;

const PRIMITIVE_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Specialises the deep freeze of `build()` once per tool, from the JSON Schema the params were
 * validated against, so that a call does no generic walk and no per-node type dispatch: a closed
 * object of primitives is one `Object.freeze`, an array of such objects a tight loop.
 *
 * The specialisation relies on the value having passed validation against this schema: a
 * closed object (`additionalProperties: false`, no pattern properties) holds only the declared
 * keys, and a node typed `string` / `number` / `integer` / `boolean` / `null` holds no object.
 * Anything else (unions, references, open objects, tuples, unknown shapes) is frozen by the
 * generic walk, {@link freezeParsed}. So is a node that turns out not to be a plain object or
 * array, which keeps the generic walk's rule that only plain data is copied and frozen.
 */
export function compileParamsFreezer(schema: unknown): ParamsFreezer {
  const plan = planFor(schema);
  return plan === PRIMITIVE ? keepAsIs : plan;
}

function keepAsIs(value: unknown): unknown {
  return value;
}

function planFor(schema: unknown): NodePlan {
  if (typeof schema !== 'object' || schema === null) {
    return freezeParsed;
  }
  const node = schema as Record<string, unknown>;
  const type = node.type;
  // JSON Schema keywords only ever narrow: whatever else the node says, a primitive `type`
  // means a valid value is a primitive.
  if (PRIMITIVE_TYPES.has(type) || (Array.isArray(type) && type.length > 0 && type.every(isPrimitiveType))) {
    return PRIMITIVE;
  }
  if (type === 'object') {
    return objectPlan(node);
  }
  if (type === 'array') {
    return arrayPlan(node);
  }
  return freezeParsed;
}

function isPrimitiveType(type: unknown): boolean {
  return PRIMITIVE_TYPES.has(type);
}

function objectPlan(node: Record<string, unknown>): NodePlan {
  const properties = node.properties ?? {};
  if (
    node.additionalProperties !== false ||
    node.patternProperties !== undefined ||
    typeof properties !== 'object' ||
    properties === null ||
    // Read by name below; `record.__proto__` would read the prototype, not the key.
    Object.hasOwn(properties, '__proto__')
  ) {
    return freezeParsed;
  }
  const names: string[] = [];
  const freezers: ParamsFreezer[] = [];
  for (const [name, childSchema] of Object.entries(properties as Record<string, unknown>)) {
    const plan = planFor(childSchema);
    if (plan !== PRIMITIVE) {
      names.push(name);
      freezers.push(plan);
    }
  }
  return names.length === 0 ? freezeFlatObject : objectFreezer(names, freezers);
}

/**
 * A closed object of primitives: one freeze, after a copy if it is still the caller's.
 *
 * Only the caller's nodes need the plain-object check (a copy must not lose a class's internals):
 * a node the parse made is the parse's own plain data, and the walk meets the caller's nodes only
 * where the parse shared them, at the same place (validation's copy-on-write contract).
 */
function freezeFlatObject(value: unknown, input: unknown): unknown {
  if (value !== input) {
    return typeof value === 'object' && value !== null ? Object.freeze(value) : value;
  }
  // Arrays fail the prototype check too, so one check covers "a plain object".
  if (typeof value !== 'object' || value === null || !isPlainObject(value)) {
    return freezeParsed(value, input);
  }
  return Object.freeze(copyRecord(value as Record<string, unknown>));
}

/** A closed object with object-valued properties: only those properties are visited. */
function objectFreezer(names: readonly string[], freezers: readonly ParamsFreezer[]): ParamsFreezer {
  const count = names.length;
  return function freezeObject(value: unknown, input: unknown): unknown {
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    const isCallersObject = value === input;
    if (isCallersObject && !isPlainObject(value)) {
      return freezeParsed(value, input);
    }
    const record = isCallersObject
      ? copyRecord(value as Record<string, unknown>)
      : (value as Record<string, unknown>);
    // For the caller's object, every child is the caller's too: the child freezers copy them.
    const counterpart = (typeof input === 'object' && input !== null ? input : undefined) as
      | Record<string, unknown>
      | undefined;
    for (let index = 0; index < count; index++) {
      const name = names[index] as string;
      const child = record[name];
      // Absent optional properties read as `undefined` (or, for a name like `toString`, an
      // inherited function): only own object values are frozen.
      if (typeof child === 'object' && child !== null) {
        const frozen = (freezers[index] as ParamsFreezer)(child, counterpart?.[name]);
        if (frozen !== child) {
          record[name] = frozen;
        }
      }
    }
    return Object.freeze(record);
  };
}

function arrayPlan(node: Record<string, unknown>): NodePlan {
  const items = node.items;
  if (node.prefixItems !== undefined || typeof items !== 'object' || items === null || Array.isArray(items)) {
    return freezeParsed;
  }
  const itemPlan = planFor(items);
  return itemPlan === PRIMITIVE ? freezePrimitiveArray : arrayFreezer(itemPlan);
}

/** An array of primitives: copy it if it is the caller's, then one freeze. */
function freezePrimitiveArray(value: unknown, input: unknown): unknown {
  if (!Array.isArray(value)) {
    return freezeParsed(value, input);
  }
  return Object.freeze(value === input ? value.slice() : value);
}

/** An array of objects or arrays: one tight loop over the items with the item's freezer. */
function arrayFreezer(freezeItem: ParamsFreezer): ParamsFreezer {
  return function freezeArray(value: unknown, input: unknown): unknown {
    if (!Array.isArray(value)) {
      return freezeParsed(value, input);
    }
    const items = value === input ? value.slice() : value;
    const counterpart = Array.isArray(input) ? input : undefined;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (typeof item === 'object' && item !== null) {
        const frozen = freezeItem(item, counterpart?.[index]);
        if (frozen !== item) {
          items[index] = frozen;
        }
      }
    }
    return Object.freeze(items);
  };
}
