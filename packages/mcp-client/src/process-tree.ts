import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/**
 * One running process as seen at one moment: its parent and a start mark. A pid alone cannot
 * name a process for long (the kernel reuses it once the process is gone); pid and start mark
 * together can, so a process is signalled only while both still match.
 */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  /** Linux: the start time in clock ticks since boot; elsewhere: `ps`'s start date. */
  readonly started: string;
}

/**
 * Every running process, by pid. Linux reads `/proc/<pid>/stat`; elsewhere `ps` is asked. A
 * zombie (exited, not yet reaped) is left out: it runs nothing and cannot be signalled away.
 * Resolves to an empty map when the table cannot be read.
 */
export async function processTable(): Promise<Map<number, ProcessEntry>> {
  return process.platform === 'linux' ? procTable() : psTable();
}

async function procTable(): Promise<Map<number, ProcessEntry>> {
  const table = new Map<number, ProcessEntry>();
  const names = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const entry = parseProcStat(await readFile(`/proc/${name}/stat`, 'utf8').catch(() => ''));
        if (entry !== undefined) table.set(entry.pid, entry);
      }),
  );
  return table;
}

/** `pid (comm) state ppid … starttime …`: comm may hold spaces and parentheses, so split after the last `)`. */
function parseProcStat(stat: string): ProcessEntry | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = stat.slice(close + 2).split(' ');
  // fields[0] is the state (field 3), fields[1] the ppid (4), fields[19] the start time (22).
  if (fields[0] === 'Z' || fields[0] === 'X' || fields[19] === undefined) return undefined;
  return { pid: Number.parseInt(stat, 10), ppid: Number(fields[1]), started: fields[19] };
}

function psTable(): Promise<Map<number, ProcessEntry>> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,stat=,lstart='], (error, stdout) => {
      const table = new Map<number, ProcessEntry>();
      if (error === null) {
        for (const line of stdout.split('\n')) {
          const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.+?)\s*$/.exec(line);
          if (match === null || match[3]!.startsWith('Z')) continue;
          table.set(Number(match[1]), { pid: Number(match[1]), ppid: Number(match[2]), started: match[4]! });
        }
      }
      resolve(table);
    });
  });
}

/** The descendants of `root` in `table` (children, their children, …), not `root` itself. */
export function descendantsIn(table: Map<number, ProcessEntry>, root: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table.values()) {
    const siblings = children.get(entry.ppid);
    if (siblings === undefined) children.set(entry.ppid, [entry]);
    else siblings.push(entry);
  }
  const found: ProcessEntry[] = [];
  const pending = [root];
  const seen = new Set(pending);
  while (pending.length > 0) {
    for (const child of children.get(pending.pop()!) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      pending.push(child.pid);
    }
  }
  return found;
}

/**
 * The processes of `table` whose environment holds `entry` (`NAME=value`): what a process
 * started, wherever it ended up, as long as it kept the environment it inherited. A process whose
 * parent ended belongs to init (or to whatever adopts orphans), out of reach of
 * {@link descendantsIn}. Linux reads `/proc/<pid>/environ`; elsewhere none are found.
 */
export async function processesWithEnvironment(
  table: Map<number, ProcessEntry>,
  entry: string,
): Promise<ProcessEntry[]> {
  if (process.platform !== 'linux') return [];
  const found: ProcessEntry[] = [];
  await Promise.all(
    [...table.values()].map(async (candidate) => {
      const environ = await readFile(`/proc/${candidate.pid}/environ`, 'utf8').catch(() => '');
      if (environ.split('\0').includes(entry)) found.push(candidate);
    }),
  );
  return found;
}

/** Sends `signal` to each of `entries` that is still the process it was (same pid, same start); returns those. */
export async function signalSurvivors(
  entries: readonly ProcessEntry[],
  signal: NodeJS.Signals,
): Promise<ProcessEntry[]> {
  if (entries.length === 0) return [];
  const now = await processTable();
  const alive = entries.filter((entry) => now.get(entry.pid)?.started === entry.started);
  for (const entry of alive) {
    try {
      process.kill(entry.pid, signal);
    } catch {
      // Gone between the table and the signal.
    }
  }
  return alive;
}
