import { copyRecord, freezeParsed, isPlainObject } from './freeze-parsed.js';

/**
 * Deep-freezes one node of a parse result. `input` is the caller's node at the same place (or
 * `undefined`): a node that is still the caller's is copied before it is frozen, never frozen
 * in place. Returns the frozen node (the same object when it was the parse's own).
 */
export type ParamsFreezer = (value: unknown, input: unknown) => unknown;

/** A schema node whose valid values are never objects: nothing to freeze below it. */
// Stryker disable next-line StringLiteral: the plan is told apart by identity; any string marks it, and no freezer is a string
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
 * keys, a declared key's value matches that key's schema, and a node typed `string` / `number`
 * / `integer` / `boolean` / `null` holds no object. An open object's keys are walked (only they
 * tell what is there), its undeclared keys' objects frozen by the generic walk. Anything else
 * (unions, references, tuples, unknown shapes) is frozen by the generic walk, {@link freezeParsed}. So is a node that turns out not to be a plain object or
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
  // `null ?? {}` is `{}` too: only a non-object `properties` is left to refuse.
  const properties = node.properties ?? {};
  if (
    typeof properties !== 'object' ||
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
  const closed = node.additionalProperties === false && node.patternProperties === undefined;
  return closed ? objectFreezer(names, freezers) : openObjectFreezer(names, freezers);
}

/**
 * The record an object freezer writes its frozen children into: a copy of the caller's plain
 * object, or the parse's own node as it is. `undefined` for a caller's object that is not plain
 * (arrays fail the prototype check too): the generic walk freezes that.
 */
function writableRecord(value: object, input: unknown): Record<string, unknown> | undefined {
  if (value !== input) {
    return value as Record<string, unknown>;
  }
  return isPlainObject(value) ? copyRecord(value as Record<string, unknown>) : undefined;
}

/**
 * A closed object: copied if it is still the caller's, then frozen after its object-valued
 * properties (none for a closed object of primitives: one freeze).
 *
 * Only the caller's nodes need the plain-object check (a copy must not lose a class's internals):
 * a node the parse made is the parse's own plain data, and the walk meets the caller's nodes only
 * where the parse shared them, at the same place (validation's copy-on-write contract).
 */
function objectFreezer(names: readonly string[], freezers: readonly ParamsFreezer[]): ParamsFreezer {
  const count = names.length;
  return function freezeObject(value: unknown, input: unknown): unknown {
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    const record = writableRecord(value, input);
    if (record === undefined) {
      return freezeParsed(value, input);
    }
    // For the caller's object, every child is the caller's too: the child freezers copy them.
    const counterpart = input as Record<string, unknown> | null | undefined;
    for (let index = 0; index < count; index++) {
      const name = names[index] as string;
      // An absent optional property reads as `undefined` (or, for a name like `toString`, an
      // inherited function): every freezer returns what is not an object as it is.
      const child = record[name];
      const frozen = (freezers[index] as ParamsFreezer)(child, counterpart?.[name]);
      // Unchanged children are not written back: the parse may return a node it froze itself.
      if (frozen !== child) {
        record[name] = frozen;
      }
    }
    return Object.freeze(record);
  };
}

/**
 * An object that may hold keys it does not declare (no `additionalProperties: false`, or
 * pattern properties): what Valibot's and ArkType's output schemas say of an object that strips
 * unknown keys. Its own keys are walked, since only they tell what is there: a declared key's
 * object is frozen by that key's freezer, any other object (an undeclared key's, or one at a
 * primitive-typed key, which validation rules out) by the generic walk.
 */
function openObjectFreezer(names: readonly string[], freezers: readonly ParamsFreezer[]): ParamsFreezer {
  const declared = new Map<string, ParamsFreezer>();
  for (let index = 0; index < names.length; index++) {
    declared.set(names[index] as string, freezers[index] as ParamsFreezer);
  }
  return function freezeOpenObject(value: unknown, input: unknown): unknown {
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    const record = writableRecord(value, input);
    if (record === undefined) {
      return freezeParsed(value, input);
    }
    const counterpart = input as Record<string, unknown> | null | undefined;
    for (const key in record) {
      const child = record[key];
      if (typeof child !== 'object' || child === null) {
        continue;
      }
      const freezeChild = declared.get(key);
      let frozen: unknown;
      if (freezeChild !== undefined) {
        frozen = freezeChild(child, counterpart?.[key]);
      } else if (Object.hasOwn(record, key)) {
        // An enumerable key inherited from a polluted prototype is not the record's data.
        frozen = freezeParsed(child, counterpart?.[key]);
      } else {
        continue;
      }
      // Unchanged children are not written back: the parse may return a node it froze itself.
      if (frozen !== child) {
        record[key] = frozen;
      }
    }
    return Object.freeze(record);
  };
}

function arrayPlan(node: Record<string, unknown>): NodePlan {
  // Tuples type their items by position: the generic walk. Items given as a list (the older
  // tuple form) are no schema object, so their plan is the generic walk too.
  if (node.prefixItems !== undefined) {
    return freezeParsed;
  }
  const itemPlan = planFor(node.items);
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
    const counterpart = input as readonly unknown[] | null | undefined;
    // Stryker disable next-line EqualityOperator: one step past the end reads `undefined`, which every freezer returns as is
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      const frozen = freezeItem(item, counterpart?.[index]);
      if (frozen !== item) {
        items[index] = frozen;
      }
    }
    return Object.freeze(items);
  };
}
