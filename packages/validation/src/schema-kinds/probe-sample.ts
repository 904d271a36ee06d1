import type { SchemaPlan } from '../schema/schema-plan.js';

const MAX_SAMPLE_DEPTH = 8;

/**
 * A small value the schema most likely accepts, built from its JSON Schema projection: each
 * required property with its default, const, first enum value or the smallest value of its type.
 * It is only a probe — validating it makes a validator's refinements run, so that one that is
 * asynchronous returns its Promise at `createTool` rather than at the first call.
 */
export function probeSample(plan: SchemaPlan, depth = 0): unknown {
  const node = plan.node;
  if ('default' in node) return node.default;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if (depth >= MAX_SAMPLE_DEPTH) return null;
  const member = plan.union?.[0] ?? plan.allOf?.[0];
  if (member !== undefined && plan.types === 'any') return probeSample(member, depth + 1);
  const types = plan.types === 'any' ? new Set(['object']) : plan.types;
  if (types.has('object') || plan.properties !== undefined) {
    const sample: Record<string, unknown> = {};
    for (const property of plan.properties ?? []) {
      if (property.required) sample[property.name] = probeSample(property.plan, depth + 1);
    }
    return sample;
  }
  if (types.has('array')) {
    const minItems = typeof node.minItems === 'number' ? Math.min(node.minItems, 4) : 0;
    return Array.from({ length: minItems }, (_, index) => {
      const itemPlan = plan.tuple?.[index] ?? plan.items;
      return itemPlan === undefined ? null : probeSample(itemPlan, depth + 1);
    });
  }
  if (types.has('string')) {
    const minLength = typeof node.minLength === 'number' ? Math.min(node.minLength, 64) : 1;
    return 'a'.repeat(minLength);
  }
  if (types.has('integer') || types.has('number')) {
    if (typeof node.minimum === 'number') return Math.ceil(node.minimum);
    if (typeof node.exclusiveMinimum === 'number') return Math.floor(node.exclusiveMinimum) + 1;
    return 1;
  }
  if (types.has('boolean')) return true;
  return null;
}
