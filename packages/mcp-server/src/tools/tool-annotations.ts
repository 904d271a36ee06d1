import type { ToolAnnotations } from '@modelcontextprotocol/server';
import { describeToolVersionProblem, type Tool, ToolKind } from '@toolwright/contracts';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import { MCP_SERVER_ACCEPTS } from '../specification-version.js';

/**
 * The MCP annotations a toolwright tool can state honestly, from its own flags and nothing else:
 *
 * - `readOnlyHint` is true exactly for `ToolKind.ReadOnly` (the kind allowed in Plan mode).
 * - `destructiveHint` is true for `Write` and `Execute`: toolwright does not record whether a
 *   write only adds, so the spec's conservative reading (it may destroy) is the honest one.
 * - `idempotentHint` is true only when the tool is `isRetrySafe`. It is never inferred from
 *   `ReadOnly`: a ReadOnly tool may change persistent state (creating a task, for example).
 * - `openWorldHint` is left out: nothing in a toolwright tool says whether it reaches beyond
 *   the host, and a guess either way would mislead a client's policy.
 *
 * `title` is the tool's `displayName` when it differs from its name. A tool of another interface
 * version is refused with `unsupported_specification_version`: its flags may not mean the same.
 */
export function toolAnnotations(tool: Tool): ToolAnnotations {
  const versionProblem = describeToolVersionProblem(tool, MCP_SERVER_ACCEPTS);
  if (versionProblem !== undefined)
    throw new McpServerError(
      McpServerErrorCode.UnsupportedSpecificationVersion,
      `toolAnnotations: ${versionProblem}.`,
    );
  const readOnly = tool.kind === ToolKind.ReadOnly;
  return {
    ...(tool.displayName === tool.name ? {} : { title: tool.displayName }),
    readOnlyHint: readOnly,
    ...(readOnly ? {} : { destructiveHint: true }),
    idempotentHint: tool.isRetrySafe,
  };
}
