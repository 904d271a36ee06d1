import { escapePointerToken } from './json-pointer.js';
import { type JsonTypeName, jsonTypeOf } from './schema-keywords.js';
import {
  acceptedTypes,
  isSchemaNode,
  type RefResolver,
  type SchemaNode,
  typeAccepted,
} from './schema-node.js';

/** One declared property of an object plan. */
export interface PropertyPlan {
  readonly name: string;
  /** `name` escaped as a JSON-pointer token, computed once. */
  readonly token: string;
  readonly plan: SchemaPlan;
  readonly required: boolean;
  /** `{ value }` when the property's schema has a `default`. */
  readonly fallback: { readonly value: unknown } | undefined;
}

/**
 * A schema node digested once at compile time: `$ref`s resolved, accepted types and the
 * keywords the walks need looked up, so that parsing does no per-call schema interpretation.
 * Plans of a recursive schema point at each other (a graph, not a tree).
 */
export interface SchemaPlan {
  /** The resolved node (its keywords, for describing and checking constraints). */
  readonly node: SchemaNode;
  readonly types: ReadonlySet<JsonTypeName> | 'any';
  readonly acceptsString: boolean;
  readonly acceptsNull: boolean;
  readonly properties: readonly PropertyPlan[] | undefined;
  readonly propertyNames: ReadonlySet<string> | undefined;
  /** `false` when extra keys are refused, a plan when they follow a schema, `undefined` when free. */
  readonly additional: false | SchemaPlan | undefined;
  readonly patterns: ReadonlyArray<{ readonly pattern: string; readonly plan: SchemaPlan }> | undefined;
  readonly items: SchemaPlan | undefined;
  readonly tuple: readonly SchemaPlan[] | undefined;
  readonly allOf: readonly SchemaPlan[] | undefined;
  readonly union: readonly SchemaPlan[] | undefined;
  /** True when a `default` can be filled somewhere at or below this node. */
  readonly defaultsBelow: boolean;
  /** Memo for whoever needs per-node data (e.g. a compiled check of a union member). */
  readonly memo: Map<string, unknown>;
}

type MutablePlan = { -readonly [K in keyof SchemaPlan]: SchemaPlan[K] };

/** True when `type` (of a value) is accepted by `plan`. */
export function planAcceptsType(plan: SchemaPlan, type: JsonTypeName): boolean {
  return typeAccepted(plan.types as Set<JsonTypeName> | 'any', type);
}

/** True when a value's JSON type is accepted by `plan` (a cheap pre-filter, not a full check). */
export function planAcceptsValueType(plan: SchemaPlan, value: unknown): boolean {
  const type = jsonTypeOf(value);
  return type !== undefined && planAcceptsType(plan, type);
}

/**
 * True when no value `plan` accepts can hold an object (strings, numbers, ...): nothing below it
 * can carry a key its schema does not declare.
 */
export function planHoldsNoObject(plan: SchemaPlan): boolean {
  return (
    plan.types !== 'any' &&
    !plan.types.has('object') &&
    !plan.types.has('array') &&
    plan.union === undefined &&
    plan.allOf === undefined
  );
}

/**
 * Builds the plan graph of `root`, resolving `$ref`s with `resolver`. Each distinct schema node
 * gets one plan; recursion is handled by registering a plan before filling its children.
 */
export function buildSchemaPlan(root: SchemaNode, resolver: RefResolver): SchemaPlan {
  const plans = new Map<SchemaNode, MutablePlan>();
  const ownDefaults = new Map<MutablePlan, boolean>();
  const children = new Map<MutablePlan, MutablePlan[]>();

  const planOf = (input: SchemaNode): MutablePlan => {
    const node = resolver.resolve(input);
    const known = plans.get(node);
    if (known !== undefined) return known;
    const types = acceptedTypes(node, resolver);
    const plan: MutablePlan = {
      node,
      types,
      acceptsString: typeAccepted(types, 'string'),
      acceptsNull: typeAccepted(types, 'null'),
      properties: undefined,
      propertyNames: undefined,
      additional: undefined,
      patterns: undefined,
      items: undefined,
      tuple: undefined,
      allOf: undefined,
      union: undefined,
      defaultsBelow: false,
      memo: new Map(),
    };
    plans.set(node, plan);
    const below: MutablePlan[] = [];
    let defaults = false;
    if (isSchemaNode(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const properties: PropertyPlan[] = [];
      for (const [name, property] of Object.entries(node.properties)) {
        if (!isSchemaNode(property)) continue;
        const child = planOf(property);
        below.push(child);
        const fallback = 'default' in child.node ? { value: child.node.default } : undefined;
        if (fallback !== undefined) defaults = true;
        properties.push({
          name,
          token: escapePointerToken(name),
          plan: child,
          required: required.has(name),
          fallback,
        });
      }
      plan.properties = properties;
      plan.propertyNames = new Set(properties.map((property) => property.name));
    }
    if (node.additionalProperties === false) plan.additional = false;
    else if (isSchemaNode(node.additionalProperties)) {
      plan.additional = planOf(node.additionalProperties);
      below.push(plan.additional);
    }
    if (isSchemaNode(node.patternProperties)) {
      plan.patterns = Object.entries(node.patternProperties)
        .filter((entry): entry is [string, SchemaNode] => isSchemaNode(entry[1]))
        .map(([pattern, subschema]) => {
          const child = planOf(subschema);
          below.push(child);
          return { pattern, plan: child };
        });
    }
    const tuple = Array.isArray(node.prefixItems)
      ? node.prefixItems
      : Array.isArray(node.items)
        ? node.items
        : undefined;
    if (tuple !== undefined) plan.tuple = tuple.filter(isSchemaNode).map(planOf);
    if (isSchemaNode(node.items)) plan.items = planOf(node.items);
    if (Array.isArray(node.allOf)) plan.allOf = node.allOf.filter(isSchemaNode).map(planOf);
    const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
    if (union !== undefined) plan.union = union.filter(isSchemaNode).map(planOf);
    below.push(
      ...(plan.tuple ?? []),
      ...(plan.items === undefined ? [] : [plan.items]),
      ...(plan.allOf ?? []),
      ...(plan.union ?? []),
    );
    children.set(plan, below);
    ownDefaults.set(plan, defaults);
    return plan;
  };

  const rootPlan = planOf(root);
  // Fixpoint over the (possibly cyclic) graph: a plan has defaults below when it or a child does.
  for (const [plan, own] of ownDefaults) plan.defaultsBelow = own;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [plan, below] of children) {
      if (!plan.defaultsBelow && below.some((child) => child.defaultsBelow)) {
        plan.defaultsBelow = true;
        changed = true;
      }
    }
  }
  return rootPlan;
}
