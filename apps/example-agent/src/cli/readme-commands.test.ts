import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeBlocks } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';

// Every command the root README and this app's README show must work on a machine with only
// Node 20 and npm: `pnpm` and `toolwright-agent` are on nobody's PATH there (the app is private,
// nothing links its bin). Only npm, npx (pnpm through `npx -y pnpm@<pinned>`) and node are.
const appDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = join(appDirectory, '..', '..');

function scripts(directory: string): Record<string, string> {
  return (
    JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
}

/** Each command line of the README's ```sh blocks, without comments and env assignments. */
function shellCommands(readme: string): string[] {
  return readmeBlocks(readme, 'sh')
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/^([A-Z_]+=\S*\s+)+/, ''));
}

const pinnedPnpm = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string }
).packageManager;

describe.each([
  ['README.md', repoRoot, [repoRoot]],
  ['apps/example-agent/README.md', appDirectory, [repoRoot, appDirectory]],
])('%s', (_readme, directory, scriptSources) => {
  const commands = shellCommands(join(directory, 'README.md'));
  const known = Object.assign({}, ...scriptSources.map(scripts)) as Record<string, string>;

  it('has commands to check', () => {
    expect(commands.length).toBeGreaterThan(1);
  });

  it.each(commands)('%s: runs with only Node 20 and npm', (command) => {
    const [program, ...args] = command.split(/\s+/);
    expect(['npm', 'npx', 'node'], `${command} starts with a program a bare Node 20 has`).toContain(program);
    if (program === 'npx') expect(args.slice(0, 2)).toEqual(['-y', pinnedPnpm]);
    if (program === 'npm' && args[0] === 'run') expect(Object.keys(known)).toContain(args[1]);
    if (program === 'npm' && args[0] !== 'run') expect(['test', 'install', 'ci']).toContain(args[0]);
    if (program === 'node')
      expect(args[0]).toMatch(/^(dist\/cli\.js|apps\/example-agent\/dist\/cli\.js|scripts\/)/);
  });
});
