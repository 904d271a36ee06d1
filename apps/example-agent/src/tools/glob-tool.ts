import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { compileGlob } from './glob-pattern.js';
import { walkFiles } from './walk-files.js';
import { resolveWorkspacePath } from './workspace-paths.js';

const MAX_SCANNED_FILES = 20_000;
const MAX_LISTED_FILES = 200;

const GlobParameters = Type.Object({
  pattern: ToolSchemas.globPattern(),
  path: Type.Optional(ToolSchemas.directoryPath()),
});

/** Glob: files matching a pattern such as `src/**\/*.ts`. ReadOnly, concurrency- and retry-safe. */
export function createGlobTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Glob',
    kind: ToolKind.ReadOnly,
    schema: GlobParameters,
    description: {
      short: 'Find files by glob pattern (supports *, **, ?, [abc], {a,b}).',
      usageNotes: `Paths are listed relative to the searched directory, sorted; at most ${MAX_LISTED_FILES}.`,
    },
    strict: true,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'filesystem',
    tags: ['file', 'search'],
    affectedPaths: (params) => [resolveWorkspacePath(workspaceRoot, params.path ?? '.')],
    describeInvocation: (params) => `Glob ${params.pattern}`,
    async execute(params, context) {
      const root = resolveWorkspacePath(workspaceRoot, params.path ?? '.');
      const matcher = compileGlob(params.pattern);
      const files = await walkFiles(root, MAX_SCANNED_FILES, context.signal);
      const matches = files.filter((file) => matcher.test(file));
      const listed = matches.slice(0, MAX_LISTED_FILES);
      const more = matches.length - listed.length;
      const body = listed.length === 0 ? `No files match ${params.pattern}` : listed.join('\n');
      return {
        llmContent: more > 0 ? `${body}\n… ${more} more matches; narrow the pattern` : body,
        metadata: { matches: matches.length },
      };
    },
  });
}
