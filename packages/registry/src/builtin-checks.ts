import { describeToolVersionProblem, isTool, type Tool } from '@toolwright/contracts';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { describeValue } from './source-catalog-diff.js';
import { REGISTRY_ACCEPTS } from './specification-version.js';

/**
 * Throws the {@link RegistryError} `register` owes a tool it cannot take: not a `Tool`
 * (`invalid_tool`), not a built-in (`not_builtin_tool`), or a name a built-in holds
 * (`duplicate_tool`). A grouped tool holding the name is no obstacle: built-ins take precedence.
 */
export function checkBuiltin(tool: Tool, builtins: ReadonlyMap<string, Tool>): void {
  if (!isTool(tool)) {
    const versionProblem = describeToolVersionProblem(tool, REGISTRY_ACCEPTS);
    if (versionProblem !== undefined) {
      throw new RegistryError(
        RegistryErrorCode.UnsupportedSpecificationVersion,
        `register: ${versionProblem}; install versions of the toolwright packages that share a specification version.`,
        { toolName: (tool as { name?: unknown }).name as string },
      );
    }
    throw new RegistryError(
      RegistryErrorCode.InvalidTool,
      `register expects a Tool made by createTool (@toolwright/contracts), received ${describeValue(tool)}.`,
    );
  }
  if (tool.source.type !== 'builtin') {
    throw new RegistryError(
      RegistryErrorCode.NotBuiltinTool,
      `Tool "${tool.name}" has source "${tool.source.type}"; register accepts built-ins only, ` +
        'other tools go into a source group with replaceTools(source, tools).',
      { toolName: tool.name },
    );
  }
  if (builtins.has(tool.name)) {
    throw new RegistryError(
      RegistryErrorCode.DuplicateTool,
      `A built-in tool named "${tool.name}" is already registered; unregister it first or choose another name.`,
      { toolName: tool.name },
    );
  }
}
