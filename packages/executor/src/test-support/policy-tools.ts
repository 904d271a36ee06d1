// Small real tools for permission tests: their only job is to produce invocations with the
// kind, paths, permission signature and source a policy judges. None is ever executed.
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, type ToolInvocation, ToolKind, ToolResults } from '@toolwright/contracts';

const pathsSchema = Type.Object({ paths: Type.Array(Type.String()) });

/** A tool named `name` of `kind` whose call touches exactly `params.paths` (as written). */
export function pathTool(name: string, kind: ToolKind): Tool {
  return createTool({
    name,
    kind,
    schema: pathsSchema,
    description: `${name} test tool.`,
    affectedPaths: (params) => params.paths,
    execute: async () => ToolResults.success('not run'),
  });
}

/** Builds `tool` on `paths`. */
export function callOn(tool: Tool, ...paths: string[]): ToolInvocation {
  return tool.build({ paths });
}

/**
 * A shell tool without paths: its permission signature is `Bash(<command>)`, which is what
 * content rules such as `Bash(npm run test:*)` are matched against.
 */
export const bashTool: Tool = createTool({
  name: 'Bash',
  kind: ToolKind.Execute,
  schema: Type.Object({ command: Type.String() }),
  description: 'Bash test tool.',
  extractSignatureContent: (params) => params.command,
  abstractPermissionRule: (params) => `Bash(${params.command})`,
  execute: async () => ToolResults.success('not run'),
});

/**
 * A shell tool with a working directory: its only path is `params.cwd`, and its permission
 * signature is `Bash(<command>)`, so both path and content rules apply to it.
 */
export const shellWithCwdTool: Tool = createTool({
  name: 'Bash',
  kind: ToolKind.Execute,
  schema: Type.Object({ command: Type.String(), cwd: Type.String() }),
  description: 'Bash test tool with a working directory.',
  affectedPaths: (params) => [params.cwd],
  extractSignatureContent: (params) => params.command,
  abstractPermissionRule: (params) => `Bash(${params.command})`,
  execute: async () => ToolResults.success('not run'),
});

/** An MCP tool `mcp__<server>__<toolName>` of `kind` (its kind as the server's annotations claim). */
export function mcpTool(server: string, toolName: string, kind: ToolKind): Tool {
  return createTool({
    name: `mcp__${server}__${toolName}`,
    kind,
    schema: Type.Object({ query: Type.String() }),
    description: `${toolName} from ${server}.`,
    source: { type: 'mcp', server, toolName, fingerprint: `fp-${server}-${toolName}` },
    execute: async () => ToolResults.success('not run'),
  });
}
