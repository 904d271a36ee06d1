// Which modules a Node process loads: for tests that pin what an entry point or a command does
// NOT load at start-up (a heavy dependency that should load on first use).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The `--import` module that records every module the process loads (see loaded-modules-hook.mjs). */
export const LOADED_MODULES_HOOK_URL = new URL('./loaded-modules-hook.mjs', import.meta.url).href;

/**
 * The environment that makes a Node process (and the Node processes it starts) append the URL of
 * every module it loads to `listFile`: give it to a process you spawn yourself.
 */
export function loadedModulesEnvironment(listFile: string): Record<string, string> {
  return { NODE_OPTIONS: `--import "${LOADED_MODULES_HOOK_URL}"`, TOOLWRIGHT_LOADED_MODULES_FILE: listFile };
}

/** What {@link modulesLoadedBy} saw. */
export interface LoadedModules {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The URLs of the modules loaded, in order (`file:`, `node:`, `data:`). */
  readonly modules: readonly string[];
}

/** Runs `node <args>` in `cwd` and lists the modules it loaded. */
export async function modulesLoadedBy(
  args: readonly string[],
  options: { cwd: string },
): Promise<LoadedModules> {
  const directory = mkdtempSync(join(tmpdir(), 'loaded-modules-'));
  const listFile = join(directory, 'modules.txt');
  try {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(process.execPath, [...args], {
        cwd: options.cwd,
        env: { ...process.env, ...loadedModulesEnvironment(listFile) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }));
    });
    let modules: string[] = [];
    try {
      modules = readFileSync(listFile, 'utf8').split('\n').filter(Boolean);
    } catch {
      // No module loaded through the hooks (the process failed before its first import).
    }
    return { code, stdout, stderr, modules };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
