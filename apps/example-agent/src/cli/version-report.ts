import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { appDirectory } from '../demo/app-paths.js';

/** The scope of the packages whose versions `--version` reports. */
const TOOLWRIGHT_SCOPE = '@toolwright/';

interface Manifest {
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
}

function readManifest(path: string): Manifest {
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/**
 * The lines `toolwright-agent --version` prints: the app's own version, then each `@toolwright`
 * package it depends on with the version actually installed, then Node's. Read from the
 * package.json files when asked, not baked in at build time, so that a bug report shows the
 * packages the agent really ran on (a linked or newer copy included). A package that cannot be
 * resolved is reported as such rather than failing the command.
 */
export function versionReport(): string[] {
  const manifestPath = join(appDirectory(), 'package.json');
  const app = readManifest(manifestPath);
  // Resolved as the app's own imports are, from its package.json.
  const require = createRequire(manifestPath);
  const lines = [`toolwright-agent ${app.version ?? 'unknown'}`];
  const packages = Object.keys(app.dependencies ?? {})
    .filter((name) => name.startsWith(TOOLWRIGHT_SCOPE))
    .sort();
  for (const name of packages) {
    let version: string;
    try {
      version = readManifest(require.resolve(`${name}/package.json`)).version ?? 'unknown';
    } catch (error) {
      version = `not found (${(error as Error).message.split('\n')[0]})`;
    }
    lines.push(`  ${name} ${version}`);
  }
  lines.push(`  node ${process.version}`);
  return lines;
}
