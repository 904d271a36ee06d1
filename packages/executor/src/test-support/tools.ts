import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, type ToolResult } from '@toolwright/contracts';

/** What a test tool records about each run: when it started and ended (ms since `origin`). */
export interface RunRecord {
  readonly tool: string;
  readonly label: string;
  readonly startedAt: number;
  endedAt?: number;
  aborted?: boolean;
}

/** A shared log of runs, with a common clock origin. */
export class RunLog {
  readonly origin = performance.now();
  readonly runs: RunRecord[] = [];

  now(): number {
    return performance.now() - this.origin;
  }

  started(tool: string): RunRecord[] {
    return this.runs.filter((run) => run.tool === tool);
  }
}

/** Options of {@link timedTool}. */
export interface TimedToolOptions {
  readonly name: string;
  readonly log: RunLog;
  readonly durationMs: number;
  readonly kind?: ToolKind;
  readonly isConcurrencySafe?: boolean;
  readonly parallelism?: 'shared' | 'exclusive';
  readonly isRetrySafe?: boolean;
  readonly affectedPaths?: (params: { label: string; path?: string | undefined }) => string[];
  readonly run?: (params: { label: string; path?: string | undefined }) => Promise<ToolResult | undefined>;
}

/**
 * A tool that takes `durationMs`, honours its abort signal, and logs when it ran: the real
 * scheduling facts (overlap, order, pre-start) are read from the log, not assumed.
 */
export function timedTool(options: TimedToolOptions): Tool {
  return createTool({
    name: options.name,
    kind: options.kind ?? ToolKind.ReadOnly,
    schema: Type.Object({ label: Type.String(), path: Type.Optional(Type.String()) }),
    description: `${options.name}: a timed test tool`,
    isConcurrencySafe: options.isConcurrencySafe ?? false,
    ...(options.parallelism === undefined ? {} : { parallelism: options.parallelism }),
    isRetrySafe: options.isRetrySafe ?? false,
    affectedPaths: (params) =>
      options.affectedPaths?.(params) ?? (params.path === undefined ? [] : [params.path]),
    async execute(params, context) {
      const record: RunRecord = { tool: options.name, label: params.label, startedAt: options.log.now() };
      options.log.runs.push(record);
      try {
        const custom = await options.run?.(params);
        await sleep(options.durationMs, undefined, { signal: context.signal });
        return custom ?? { llmContent: `${options.name} ${params.label} done` };
      } catch (error) {
        if (context.signal.aborted) record.aborted = true;
        throw error;
      } finally {
        record.endedAt = options.log.now();
      }
    },
  });
}

/** A lookup over a fixed list of tools. */
export function lookupOf(tools: readonly Tool[]): (name: string) => Tool | undefined {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return (name) => byName.get(name);
}
