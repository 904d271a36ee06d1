import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { appendPointer } from '../schema/json-pointer.js';
import { jsonTypeOf } from '../schema/schema-keywords.js';
import { planAcceptsType, type SchemaPlan } from '../schema/schema-plan.js';
import { dropDuplicateMissing, type IssueBuilder } from './issue-builder.js';
import { MAX_COUNTED_ISSUES, MAX_LISTED_ISSUES } from './typebox-issues.js';

/** Keywords the collector checks itself, plus annotations that constrain nothing. */
const HANDLED_KEYWORDS = new Set([
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'allOf',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  '$ref',
  '$id',
  '$defs',
  'definitions',
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'nullable',
]);

/** TypeBox kinds whose every rule is a JSON Schema keyword above. */
const HANDLED_KINDS = new Set([
  'Object',
  'Array',
  'String',
  'Number',
  'Integer',
  'Boolean',
  'Null',
  'Literal',
  'Union',
  'Record',
  'Tuple',
  'Any',
  'Unknown',
  'Ref',
  'This',
  'Intersect',
]);

const KIND = Symbol.for('TypeBox.Kind');
const handledPlans = new WeakMap<SchemaPlan, boolean>();

/** What the collector delegates: full checks (unions, formats) and nodes it does not know. */
export interface IssueCollectorHooks {
  /** Full check of a value against a node (compiled, cached per plan by the caller). */
  check(plan: SchemaPlan, value: unknown): boolean;
  /** Issues of a node the collector does not handle, from the schema library itself. */
  delegate(plan: SchemaPlan, value: unknown, path: string): ValidationIssue[];
  /** Tests a `patternProperties` pattern. */
  matchesPattern(pattern: string, key: string): boolean;
}

function isHandled(plan: SchemaPlan): boolean {
  let handled = handledPlans.get(plan);
  if (handled === undefined) {
    const kind = (plan.node as Record<symbol, unknown>)[KIND];
    handled =
      (kind === undefined || HANDLED_KINDS.has(kind as string)) &&
      Object.keys(plan.node).every((key) => HANDLED_KEYWORDS.has(key)) &&
      (plan.node.additionalItems === undefined || plan.node.additionalItems === false);
    handledPlans.set(plan, handled);
  }
  return handled;
}

function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

function patternOf(plan: SchemaPlan, pattern: string): RegExp {
  let compiled = plan.memo.get('pattern') as RegExp | undefined;
  if (compiled === undefined) {
    // A TypeBox schema is written by the tool's developer: its pattern is trusted, like TypeBox's own check.
    compiled = new RegExp(pattern);
    plan.memo.set('pattern', compiled);
  }
  return compiled;
}

/**
 * Lists the issues of a value that failed its compiled check, walking the same plan the parser
 * uses, in schema order: per object, missing required arguments, then unknown ones, then each
 * argument. Bounded: stops counting at {@link MAX_COUNTED_ISSUES}. Nodes with rules it does not
 * know (TypeBox kinds such as `Date`, keywords such as `not`) are delegated.
 */
export function collectPlanIssues(
  root: SchemaPlan,
  value: unknown,
  builder: IssueBuilder,
  hooks: IssueCollectorHooks,
): { issues: ValidationIssue[]; total: number } {
  const issues: ValidationIssue[] = [];
  let total = 0;
  const add = (issue: ValidationIssue): void => {
    total++;
    if (issues.length < MAX_LISTED_ISSUES + 8) issues.push(issue);
  };
  const mismatch = (path: string, keyword: string, plan: SchemaPlan, actual: unknown): void => {
    add(builder.mismatch(path, keyword, plan.node, actual));
  };

  const visit = (plan: SchemaPlan, current: unknown, path: string): void => {
    if (total >= MAX_COUNTED_ISSUES) return;
    // A valid part (most of a big argument usually is) is skipped by one compiled check.
    if (path !== '' && typeof current === 'object' && current !== null && hooks.check(plan, current)) return;
    if (!isHandled(plan)) {
      for (const issue of hooks.delegate(plan, current, path)) add(issue);
      return;
    }
    const node = plan.node;
    if (plan.union !== undefined) {
      if (!plan.union.some((member) => hooks.check(member, current))) mismatch(path, 'anyOf', plan, current);
      return;
    }
    for (const member of plan.allOf ?? []) visit(member, current, path);
    if ('const' in node && !sameJson(node.const, current)) {
      mismatch(path, 'const', plan, current);
      return;
    }
    if (Array.isArray(node.enum) && !node.enum.some((member) => sameJson(member, current))) {
      mismatch(path, 'enum', plan, current);
      return;
    }
    const type = jsonTypeOf(current);
    if (
      plan.types !== 'any' &&
      (type === undefined ||
        !planAcceptsType(plan, type) ||
        (typeof current === 'number' && !Number.isFinite(current)))
    ) {
      mismatch(path, 'type', plan, current);
      return;
    }
    if (typeof current === 'string') {
      if (typeof node.minLength === 'number' && current.length < node.minLength)
        mismatch(path, 'minLength', plan, current);
      if (typeof node.maxLength === 'number' && current.length > node.maxLength)
        mismatch(path, 'maxLength', plan, current);
      if (typeof node.pattern === 'string' && !patternOf(plan, node.pattern).test(current))
        mismatch(path, 'pattern', plan, current);
      if (typeof node.format === 'string' && !hooks.check(plan, current))
        mismatch(path, 'format', plan, current);
    } else if (typeof current === 'number') {
      if (typeof node.minimum === 'number' && current < node.minimum)
        mismatch(path, 'minimum', plan, current);
      if (typeof node.maximum === 'number' && current > node.maximum)
        mismatch(path, 'maximum', plan, current);
      if (typeof node.exclusiveMinimum === 'number' && current <= node.exclusiveMinimum)
        mismatch(path, 'exclusiveMinimum', plan, current);
      if (typeof node.exclusiveMaximum === 'number' && current >= node.exclusiveMaximum)
        mismatch(path, 'exclusiveMaximum', plan, current);
      if (typeof node.multipleOf === 'number' && current % node.multipleOf !== 0)
        mismatch(path, 'multipleOf', plan, current);
    } else if (Array.isArray(current)) {
      if (typeof node.minItems === 'number' && current.length < node.minItems)
        mismatch(path, 'minItems', plan, current);
      if (typeof node.maxItems === 'number' && current.length > node.maxItems)
        mismatch(path, 'maxItems', plan, current);
      const tuple = plan.tuple ?? [];
      for (let index = 0; index < current.length && total < MAX_COUNTED_ISSUES; index++) {
        const itemPlan = index < tuple.length ? tuple[index] : plan.items;
        if (itemPlan !== undefined) visit(itemPlan, current[index], `${path}/${index}`);
        else if (node.additionalItems === false || node.items === false) {
          mismatch(appendPointer(path, String(index)), 'items', plan, current[index]);
        }
      }
    } else if (typeof current === 'object' && current !== null) {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      if (typeof node.minProperties === 'number' && keys.length < node.minProperties)
        mismatch(path, 'minProperties', plan, current);
      if (typeof node.maxProperties === 'number' && keys.length > node.maxProperties)
        mismatch(path, 'maxProperties', plan, current);
      for (const property of plan.properties ?? []) {
        if (property.required && record[property.name] === undefined)
          add(builder.missingRequired(path, property.name, property.plan.node));
      }
      for (const key of keys) {
        if (plan.propertyNames?.has(key)) continue;
        let matched = false;
        for (const { pattern, plan: subplan } of plan.patterns ?? []) {
          if (!hooks.matchesPattern(pattern, key)) continue;
          matched = true;
          visit(subplan, record[key], appendPointer(path, key));
        }
        if (matched) continue;
        if (plan.additional === false) add(builder.unknownArgument(path, key, record[key], node));
        else if (plan.additional !== undefined) visit(plan.additional, record[key], appendPointer(path, key));
      }
      for (const property of plan.properties ?? []) {
        const item = record[property.name];
        if (item !== undefined) visit(property.plan, item, `${path}/${property.token}`);
      }
    }
  };

  visit(root, value, '');
  const listed = dropDuplicateMissing(issues);
  return {
    issues: listed.slice(0, MAX_LISTED_ISSUES),
    total: Math.max(total - (issues.length - listed.length), listed.length),
  };
}
