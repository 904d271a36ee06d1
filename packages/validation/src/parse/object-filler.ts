import type { SchemaPlan } from '../schema/schema-plan.js';
import { cloneDefault } from './copy-record.js';

/** Fills the defaults of one closed object (see {@link objectFillerFor}). */
export type ObjectFiller = (
  input: Record<string, unknown>,
  fill: (plan: SchemaPlan, value: unknown) => unknown,
) => Record<string, unknown>;

const fillers = new WeakMap<SchemaPlan, ObjectFiller | null>();

/**
 * A default filler generated for one closed object schema (no extra keys are possible in a valid
 * value): it reads each declared property once by a constant name and, only when a default was
 * missing or a child changed, builds the result in one go in declaration order. Generic code that
 * reads properties by variable names and copies with `Object.assign` is several times slower,
 * and this runs for every item of an array on every valid call. Property names enter the code
 * only through `JSON.stringify`, so no name can inject code. `undefined` when the object is not
 * closed (its extra keys must be kept) or declares `__proto__`.
 */
export function objectFillerFor(plan: SchemaPlan): ObjectFiller | undefined {
  const known = fillers.get(plan);
  if (known !== undefined) return known ?? undefined;
  const properties = plan.properties ?? [];
  if (
    plan.additional !== false ||
    plan.patterns !== undefined ||
    properties.some((property) => property.name === '__proto__')
  ) {
    fillers.set(plan, null);
    return undefined;
  }
  const reads: string[] = [];
  const writes: string[] = [];
  for (const [index, property] of properties.entries()) {
    const key = JSON.stringify(property.name);
    const value = `v${index}`;
    reads.push(`let ${value} = input[${key}];`);
    const fillChild = property.plan.defaultsBelow
      ? `{ const filled = fill(children[${index}], ${value}); if (filled !== ${value}) { ${value} = filled; changed = true; } }`
      : '';
    if (property.fallback !== undefined) {
      reads.push(
        `if (${value} === undefined) { ${value} = clone(fallbacks[${index}]); changed = true; }${fillChild === '' ? '' : ` else ${fillChild}`}`,
      );
    } else if (fillChild !== '') reads.push(`if (${value} !== undefined) ${fillChild}`);
    writes.push(`if (${value} !== undefined) output[${key}] = ${value};`);
  }
  const body = `return function fillObject(input, fill) {\nlet changed = false;\n${reads.join('\n')}\nif (!changed) return input;\nconst output = {};\n${writes.join('\n')}\nreturn output;\n};`;
  const factory = new Function('children', 'fallbacks', 'clone', body) as (
    children: readonly SchemaPlan[],
    fallbacks: readonly unknown[],
    clone: (value: unknown) => unknown,
  ) => ObjectFiller;
  const filler = factory(
    properties.map((property) => property.plan),
    properties.map((property) => property.fallback?.value),
    cloneDefault,
  );
  fillers.set(plan, filler);
  return filler;
}
