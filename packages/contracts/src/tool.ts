import { TOOL_MARKER, type Tool } from '@toolwright/spec';
import { describeSpecificationVersionProblem } from '@toolwright/utils';

export type { BuildOptions, Tool, ToolMetadata, ToolMetadataV1, ToolV1 } from '@toolwright/spec';
export { TOOL_MARKER };

/**
 * True when `value` is a tool made by `createTool` (of any installed copy of this package) that
 * speaks specification `v1`.
 */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const candidate = value as Partial<Record<string | symbol, unknown>>;
  return (
    candidate[TOOL_MARKER] === true &&
    candidate.specificationVersion === 'v1' &&
    typeof candidate.name === 'string' &&
    typeof candidate.build === 'function' &&
    typeof candidate.getFunctionDeclaration === 'function' &&
    typeof candidate.getMetadata === 'function'
  );
}

/**
 * Why `value`, a tool made by `createTool` of another version of this package, is refused for
 * its interface version (naming both versions), or `undefined` when it is no such tool. Every
 * package that takes tools calls it where `isTool` said no, so that a host mixing versions
 * reads which side is behind instead of "not made by createTool".
 *
 * @param acceptedBy the refusing package and its version line, e.g. `'@toolwright/registry 0.x'`
 */
export function describeToolVersionProblem(value: unknown, acceptedBy: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as Partial<Record<symbol, unknown>>)[TOOL_MARKER] !== true) return undefined;
  return describeSpecificationVersionProblem('Tool', value, acceptedBy);
}
