import { readFile, writeFile } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Static, Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';

/**
 * The order in which calls entered and left their tools: `+label` on entry, `-label` on exit.
 * Overlap is read from this order, never from clocks.
 */
export class PresenceLog {
  readonly events: string[] = [];
  readonly #inside = new Set<string>();

  enter(label: string): void {
    this.events.push(`+${label}`);
    this.#inside.add(label);
  }

  leave(label: string): void {
    this.#inside.delete(label);
    this.events.push(`-${label}`);
  }

  /**
   * Stays inside until another call is inside too, or `turns` event-loop turns have passed:
   * every call that is allowed to overlap this one gets the chance, so an overlap the lock
   * should prevent shows up in the log instead of depending on luck.
   */
  async lingerForCompany(turns = 200): Promise<void> {
    for (let turn = 0; turn < turns && this.#inside.size < 2; turn += 1) await nextTurn();
  }

  /** True when `left` and `right` were ever inside at the same time. */
  overlapped(left: string, right: string): boolean {
    const inside = new Set<string>();
    for (const event of this.events) {
      const label = event.slice(1);
      if (event.startsWith('+')) {
        inside.add(label);
        if (inside.has(left) && inside.has(right)) return true;
      } else {
        inside.delete(label);
      }
    }
    return false;
  }
}

const PRESENCE_SCHEMA = Type.Object({ label: Type.String(), file_path: Type.Optional(Type.String()) });
type PresenceParams = Static<typeof PRESENCE_SCHEMA>;

/** Options of {@link presenceTool}. */
export interface PresenceToolOptions {
  readonly name: string;
  readonly log: PresenceLog;
  readonly parallelism?: 'shared' | 'exclusive';
  readonly isConcurrencySafe?: boolean;
  /** Declare `affectedPaths` (the `file_path` argument). Default true. */
  readonly declaresPaths?: boolean;
}

/**
 * A tool that appends its label to a real file (read, wait for company, write: a read-modify-write
 * that loses an update when two run at once) and logs when it was inside. A label starting with
 * `fail` throws after entering.
 */
export function presenceTool(options: PresenceToolOptions): Tool {
  const affectedPaths = (params: PresenceParams): string[] =>
    params.file_path === undefined ? [] : [params.file_path];
  return createTool({
    name: options.name,
    kind: ToolKind.Write,
    schema: PRESENCE_SCHEMA,
    description: `${options.name}: appends its label to a file`,
    isConcurrencySafe: options.isConcurrencySafe ?? false,
    parallelism: options.parallelism ?? 'shared',
    ...((options.declaresPaths ?? true) ? { affectedPaths } : {}),
    async execute(params: PresenceParams) {
      options.log.enter(params.label);
      try {
        const before =
          params.file_path === undefined ? '' : await readFile(params.file_path, 'utf8').catch(() => '');
        await options.log.lingerForCompany();
        if (params.label.startsWith('fail')) throw new Error(`${params.label} failed on purpose`);
        if (params.file_path !== undefined) await writeFile(params.file_path, `${before}${params.label}\n`);
        return { llmContent: `${params.label} done` };
      } finally {
        options.log.leave(params.label);
      }
    },
  });
}
