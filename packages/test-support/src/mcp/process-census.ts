import { readdir, readFile } from 'node:fs/promises';

/**
 * The pids of the running processes whose environment holds `marker` (a test's temporary
 * directory, handed to a server in its env and inherited by all it starts). Found by the
 * environment, not by parentage: a process left behind when its parent ended belongs to init
 * (or to whatever adopts orphans), out of reach of a walk down from the test process.
 * Zombies are left out (they run nothing; this container's init may never reap them). Linux only.
 */
export async function processesCarrying(marker: string): Promise<number[]> {
  const names = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const found = await Promise.all(
    names.map(async (name) => {
      const [environ, stat] = await Promise.all([
        readFile(`/proc/${name}/environ`, 'utf8').catch(() => ''),
        readFile(`/proc/${name}/stat`, 'utf8').catch(() => ''),
      ]);
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return environ.includes(marker) && state !== 'Z' && state !== 'X' ? [Number(name)] : [];
    }),
  );
  return found.flat().sort((a, b) => a - b);
}
