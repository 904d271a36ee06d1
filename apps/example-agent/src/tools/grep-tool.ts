import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import { ToolSchemas } from '@toolwright/validation';
import { RE2JS } from 're2js';
import { compileGlob } from './glob-pattern.js';
import { walkFiles } from './walk-files.js';
import { resolveWorkspacePath } from './workspace-paths.js';

const MAX_SCANNED_FILES = 20_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Lines longer than this (minified code, data) are tested on their first part only. */
const MAX_TESTED_LINE = 4000;

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

/** Grep: search file contents with a regular expression. ReadOnly, concurrency- and retry-safe. */
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
      // 28-character line. RE2 runs in linear time, so no pattern can stall the agent.
      let expression: RE2JS;
      try {
        expression = RE2JS.compile(
          params.pattern,
          params.case_insensitive === true ? RE2JS.CASE_INSENSITIVE : 0,
        );
      } catch (error) {
        const message = `Invalid regular expression ${JSON.stringify(params.pattern)}: ${(error as Error).message}. RE2 syntax is accepted (no backreferences or lookaround).`;
        return { llmContent: message, error: { type: 'validation', message } };
      }
      const root = resolveWorkspacePath(workspaceRoot, params.path ?? '.');
      const fileFilter = params.glob === undefined ? undefined : compileGlob(params.glob);
      const mode = params.output_mode ?? 'files_with_matches';
      const headLimit = params.head_limit ?? 250;
      const output: string[] = [];
      let totalMatches = 0;
      for (const file of await walkFiles(root, MAX_SCANNED_FILES, context.signal)) {
        if (fileFilter !== undefined && !fileFilter.test(file)) continue;
        const bytes = await readFile(join(root, file)).catch(() => undefined);
        if (bytes === undefined || bytes.byteLength > MAX_FILE_BYTES || bytes.includes(0)) continue;
        const lines = bytes.toString('utf8').split('\n');
        let fileMatches = 0;
        for (const [index, line] of lines.entries()) {
          if (!expression.test(line.slice(0, MAX_TESTED_LINE))) continue;
          fileMatches += 1;
          if (mode === 'content' && output.length < headLimit) output.push(`${file}:${index + 1}:${line}`);
        }
        totalMatches += fileMatches;
        if (fileMatches > 0 && mode === 'files_with_matches' && output.length < headLimit) output.push(file);
        if (fileMatches > 0 && mode === 'count' && output.length < headLimit)
          output.push(`${file}:${fileMatches}`);
      }
      return {
        llmContent: output.length === 0 ? `No matches for /${params.pattern}/` : output.join('\n'),
        metadata: { matches: totalMatches },
      };
    },
  });
}
