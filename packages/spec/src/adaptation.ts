import {
  describeSpecificationVersionProblem,
  previewValue,
  UNSUPPORTED_SPECIFICATION_VERSION,
} from '@toolwright/utils';

/** The code of an object that is no implementation of the interface in any version. */
export const NOT_AN_IMPLEMENTATION = 'not_an_implementation';

/**
 * What an adapter made of a host's object: the interface of the version the package speaks, or
 * why not, in words the package puts in its own error (each package throws its own class).
 * `code` is `'unsupported_specification_version'` for an object that says a version no adapter
 * reaches, `'not_an_implementation'` for an object that lacks the interface's members.
 */
export type Adaptation<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly code: typeof UNSUPPORTED_SPECIFICATION_VERSION | typeof NOT_AN_IMPLEMENTATION;
      readonly message: string;
    };

export function adapted<T>(value: T): Adaptation<T> {
  return { ok: true, value };
}

export function refused<T>(
  code: typeof UNSUPPORTED_SPECIFICATION_VERSION | typeof NOT_AN_IMPLEMENTATION,
  message: string,
): Adaptation<T> {
  return { ok: false, code, message };
}

type Methods = readonly string[];

function missingMethods(value: object, methods: Methods): string[] {
  return methods.filter((name) => typeof (value as Record<string, unknown>)[name] !== 'function');
}

/**
 * The common path of the interface adapters (`asArtifactSinkV1`, `asApprovalStoreV1`, ...). A
 * `v1` object is taken as it is. An object that says no version but has the members is taken as `v1` through a wrapper that says so: the field is
 * how a later version is told apart, and an implementation written without it has the `v1`
 * shape. Any other version is refused by name, as is an object without the members.
 */
export function adaptInterface<T extends { readonly specificationVersion: 'v1' }>(
  interfaceName: string,
  methods: Methods,
  value: unknown,
  acceptedBy: string,
  wrap: (unversioned: Omit<T, 'specificationVersion'>) => T,
): Adaptation<T> {
  const problem = describeSpecificationVersionProblem(interfaceName, value, acceptedBy);
  if (problem !== undefined) return refused(UNSUPPORTED_SPECIFICATION_VERSION, problem);
  const expected = `an object with ${methods.join(', ')} functions`;
  if (typeof value !== 'object' || value === null)
    return refused(
      NOT_AN_IMPLEMENTATION,
      `expected an ${interfaceName} (${expected}), got ${previewValue(value)}`,
    );
  const missing = missingMethods(value, methods);
  if (missing.length > 0)
    return refused(
      NOT_AN_IMPLEMENTATION,
      `this ${interfaceName} has no ${missing.join(' or ')} function; expected ${expected}`,
    );
  if ((value as { specificationVersion?: unknown }).specificationVersion === 'v1') return adapted(value as T);
  return adapted(wrap(value as Omit<T, 'specificationVersion'>));
}
