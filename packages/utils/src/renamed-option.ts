import { previewValue } from './preview.js';

/**
 * Why an option given under both its name and its deprecated former name is refused, or
 * `undefined` when at most one of them is set or both hold the same value. A renamed option
 * keeps its former name for one minor; when a host sets both to different values neither can
 * be the one it meant, so the call fails instead of picking one. Read the value afterwards with
 * {@link renamedOptionValue}. Each package throws this message in its own typed error.
 *
 * @example
 * ```ts
 * const problem = describeRenamedOptionProblem('serveHttp', options, 'shutdownGraceMs', 'shutdownTimeoutMs');
 * if (problem !== undefined) throw new McpServerError('invalid_option', problem);
 * // serveHttp: shutdownGraceMs (integer 5000) and its deprecated former name shutdownTimeoutMs (integer 100) are both set and differ; set only shutdownGraceMs.
 * ```
 */
export function describeRenamedOptionProblem(
  owner: string,
  options: object,
  name: string,
  formerName: string,
): string | undefined {
  const current = (options as Record<string, unknown>)[name];
  const former = (options as Record<string, unknown>)[formerName];
  if (current === undefined || former === undefined || Object.is(current, former)) return undefined;
  return `${owner}: ${name} (${previewValue(current)}) and its deprecated former name ${formerName} (${previewValue(former)}) are both set and differ; set only ${name}.`;
}

/**
 * The value of a renamed option: under its name when set, else under its deprecated former
 * name. Check {@link describeRenamedOptionProblem} first, so that two different values fail.
 */
export function renamedOptionValue(options: object, name: string, formerName: string): unknown {
  const current = (options as Record<string, unknown>)[name];
  return current !== undefined ? current : (options as Record<string, unknown>)[formerName];
}
