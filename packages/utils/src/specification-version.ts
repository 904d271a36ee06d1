import { previewText, previewValue } from './preview.js';

/** The error code every package gives an interface object of a version it does not speak. */
export const UNSUPPORTED_SPECIFICATION_VERSION = 'unsupported_specification_version';

/**
 * Why `value` is refused for the interface version it declares, in words, or `undefined` when
 * it declares one of `accepted` or no `specificationVersion` at all (then it is no implementation
 * of the interface in any version, and the caller's usual words apply). A host that mixes a newer
 * package with an older one must read which side is behind, not "not made by createTool".
 *
 * @example
 * ```ts
 * describeSpecificationVersionProblem('Tool', { specificationVersion: 'v2' }, '@toolwright/registry 0.x');
 * // "this Tool says specificationVersion 'v2'; @toolwright/registry 0.x accepts 'v1'"
 * ```
 */
export function describeSpecificationVersionProblem(
  interfaceName: string,
  value: unknown,
  acceptedBy: string,
  accepted: readonly string[] = ['v1'],
): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('specificationVersion' in value)) return undefined;
  const declared = (value as { specificationVersion?: unknown }).specificationVersion;
  if (declared === undefined || (typeof declared === 'string' && accepted.includes(declared)))
    return undefined;
  const said = typeof declared === 'string' ? `'${previewText(declared, 40)}'` : previewValue(declared, 40);
  const acceptedList = accepted.map((version) => `'${version}'`).join(' or ');
  return `this ${interfaceName} says specificationVersion ${said}; ${acceptedBy} accepts ${acceptedList}`;
}
