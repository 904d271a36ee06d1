import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { compileGlob } from './glob-pattern.js';
import { searchFiles } from './grep-search.js';
import { createPathAccessGate } from './path-access-gate.js';
import { judgedRealPath, withChangedNote } from './verified-open.js';
import { resolveWorkspacePath } from './workspace-paths.js';

/** Lines longer than this (minified code, data) are tested on their first part only. */
const MAX_TESTED_LINE = 4000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const GrepParameters = Type.Object({
  pattern: Type.String({
    minLength: 1,
    maxLength: 1000,
    description: 'Regular expression (RE2 syntax: no backreferences or lookaround).',
  }),
  path: Type.Optional(ToolSchemas.directoryPath()),
  glob: Type.Optional(Type.String({ description: 'Only search files matching this glob, e.g. "**/*.ts".' })),
  case_insensitive: Type.Optional(Type.Boolean()),
  output_mode: Type.Optional(
    Type.Union([Type.Literal('files_with_matches'), Type.Literal('content'), Type.Literal('count')], {
      description: 'files_with_matches (default), content (matching lines) or count.',
    }),
  ),
  head_limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 5000, description: 'Maximum lines of output.' }),
  ),
});

/**
 * Grep: search file contents with a regular expression. ReadOnly, concurrency- and retry-safe.
 * With a `pathAccess` in its context, every file is checked before it is read; the refused ones
 * are skipped and counted (`metadata.skipped`, and a line saying why).
 */
export function createGrepTool(workspaceRoot: string): Tool {
  return createTool({
    name: 'Grep',
    kind: ToolKind.ReadOnly,
    schema: GrepParameters,
    description: {
      short: 'Search file contents with a regular expression.',
      usageNotes: 'Skips binary files, node_modules and .git. Use glob to restrict the files searched.',
    },
    strict: true,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'filesystem',
    tags: ['file', 'search'],
    affectedPaths: (params) => [resolveWorkspacePath(workspaceRoot, params.path ?? '.')],
    describeInvocation: (params) => `Grep /${params.pattern}/`,
    async execute(params, context) {
      // A model's pattern is untrusted: `^(a+)+$` freezes a backtracking engine for seconds on a
      // 28-character line. RE2 runs in linear time, so no pattern can stall the agent; the
      // matching runs in a worker that an abort terminates, so no pattern can outlast a timeout.
      const gate = createPathAccessGate(context);
      const root = resolveWorkspacePath(workspaceRoot, params.path ?? '.');
      const outcome = await searchFiles({
        root,
        // The directory the permission check judged; every file is opened at its judged real path.
        realRoot: judgedRealPath(context, root),
        settings: {
          pattern: params.pattern,
          caseInsensitive: params.case_insensitive === true,
          mode: params.output_mode ?? 'files_with_matches',
          headLimit: params.head_limit ?? 250,
          maxTestedLine: MAX_TESTED_LINE,
          maxFileBytes: MAX_FILE_BYTES,
        },
        fileFilter: params.glob === undefined ? undefined : compileGlob(params.glob),
        gate,
        signal: context.signal,
      });
      if (outcome.kind === 'invalid-pattern') {
        const message = `Invalid regular expression ${JSON.stringify(params.pattern)}: ${outcome.message}. RE2 syntax is accepted (no backreferences or lookaround).`;
        return { llmContent: message, error: { type: 'validation', message } };
      }
      const body =
        outcome.output.length === 0 ? `No matches for /${params.pattern}/` : outcome.output.join('\n');
      return {
        llmContent: gate.withSummary(withChangedNote(body, outcome.changed)),
        metadata: {
          matches: outcome.matches,
          skipped: gate.skipped,
          ...(outcome.changed > 0 ? { changed: outcome.changed } : {}),
        },
      };
    },
  });
}
