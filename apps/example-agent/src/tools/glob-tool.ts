import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { compileGlob } from './glob-pattern.js';
import { createPathAccessGate } from './path-access-gate.js';
import { createTimeSlicer } from './time-slicer.js';
import { judgedRealPath, withChangedNote } from './verified-open.js';
import { walkFiles } from './walk-files.js';
import { resolveWorkspacePath } from './workspace-paths.js';

const MAX_SCANNED_FILES = 20_000;
const MAX_LISTED_FILES = 200;

const GlobParameters = Type.Object({
  pattern: ToolSchemas.globPattern(),
  path: Type.Optional(ToolSchemas.directoryPath()),
});

/**
 * Glob: files matching a pattern such as `src/**\/*.ts`. ReadOnly, concurrency- and retry-safe.
 * With a `pathAccess` in its context, every match is checked before it is listed; the refused
 * ones are left out and counted (`metadata.skipped`, and a line saying why).
 */
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
      const { signal } = context;
      const root = resolveWorkspacePath(workspaceRoot, params.path ?? '.');
      const gate = createPathAccessGate(context);
      const matcher = compileGlob(params.pattern);
      // The directory the permission check judged, walked by opened and checked directories.
      const realRoot = judgedRealPath(context, root);
      const { files, symbolicLinks, changedDirectories } = await walkFiles(realRoot, {
        limit: MAX_SCANNED_FILES,
        signal,
        includeSymlinks: gate.judgesPaths,
      });
      // 20,000 glob tests and permission checks take far longer than one slice.
      const slicer = createTimeSlicer(signal);
      const matches: string[] = [];
      for (const file of files) {
        await slicer.checkpoint();
        if (
          matcher.test(file) &&
          gate.admitWalked(root, realRoot, file, symbolicLinks.has(file)) !== undefined
        )
          matches.push(file);
      }
      const listed = matches.slice(0, MAX_LISTED_FILES);
      const more = matches.length - listed.length;
      const body = listed.length === 0 ? `No files match ${params.pattern}` : listed.join('\n');
      const listing = more > 0 ? `${body}\n… ${more} more matches; narrow the pattern` : body;
      return {
        llmContent: gate.withSummary(withChangedNote(listing, changedDirectories)),
        metadata: {
          matches: matches.length,
          skipped: gate.skipped,
          ...(changedDirectories > 0 ? { changed: changedDirectories } : {}),
        },
      };
    },
  });
}
