// Each framework bridge's README example, as a new user meets it: the packages its install lines
// name, from our packed tarballs and the framework versions of our lockfile, in a fresh project
// outside the workspace; the example saved as the README says, run with tsx as the README says,
// and type-checked with the README's own `tsc --strict` command.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnvironment, type PackedPackage, packPublishablePackages, runCommand } from './support/pack.js';
import {
  expectedOutputs,
  importedPackages,
  type ReadmeExample,
  readReadmeExample,
} from './support/readme-example.js';
import { repoRoot } from './support/workspace.js';

const execFileAsync = promisify(execFile);
const pnpmBin = join(repoRoot, 'node_modules', '.bin', 'pnpm');
const BRIDGES = ['ai-sdk', 'langchain', 'openai-agents'] as const;
/** What `npx tsx example.mts` fetches for the user: installed here at the workspace's version. */
const RUNNER = 'tsx';

const examples = Object.fromEntries(
  BRIDGES.map((bridge) => {
    const readme = `packages/${bridge}/README.md`;
    return [bridge, readReadmeExample(readFileSync(join(repoRoot, readme), 'utf8'), readme)];
  }),
) as Record<(typeof BRIDGES)[number], ReadmeExample>;

/**
 * The version our lockfile resolved for a package: the copy linked into a bridge's own
 * node_modules (what its tests run with), else the workspace root's, else the newest the
 * lockfile holds (a type package only some dependency brings, such as @types/json-schema).
 */
function lockedVersion(name: string, bridges: readonly string[]): string {
  for (const directory of [...bridges.map((bridge) => join(repoRoot, 'packages', bridge)), repoRoot]) {
    const manifest = join(directory, 'node_modules', name, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const locked = [
    ...readFileSync(join(repoRoot, 'pnpm-lock.yaml'), 'utf8').matchAll(
      new RegExp(`^ {2}'?${escaped}@(\\d[^(':]*)'?:$`, 'gm'),
    ),
  ].map((match) => match[1] ?? '');
  const newest = locked.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
  if (newest === undefined) {
    throw new Error(`${name}, named by a bridge README's install line, is not in pnpm-lock.yaml.`);
  }
  return newest;
}

let project: string;

beforeAll(async () => {
  // As in the release rehearsal: TOOLWRIGHT_SKIP_BUILD=1 when the packages are built already.
  if (process.env.TOOLWRIGHT_SKIP_BUILD !== '1')
    execFileSync(
      pnpmBin,
      [
        'exec',
        'turbo',
        'run',
        'build',
        ...BRIDGES.map((bridge) => `--filter=@toolwright/${bridge}...`),
        '--output-logs=errors-only',
      ],
      { cwd: repoRoot, stdio: 'pipe', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
    );
  const packed: PackedPackage[] = packPublishablePackages();
  const tarballs = new Map(packed.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`]));
  const versionOf = (name: string): string => tarballs.get(name) ?? lockedVersion(name, BRIDGES);
  project = makeTempDir('toolwright-bridge-readmes');
  // One project per bridge with exactly its README's packages (and the runner npx would fetch),
  // installed as the README's npm line would: a package another README names, or a type package
  // a dependency of another framework happens to bring, cannot make a README look complete. The
  // three installs run at once, from npm's cache where it can.
  await Promise.all(
    BRIDGES.map((bridge) => {
      mkdirSync(join(project, bridge));
      const names = [...new Set([...examples[bridge].installs, RUNNER])].sort();
      const manifest = {
        name: `${bridge}-readme-example`,
        private: true,
        dependencies: Object.fromEntries(names.map((name) => [name, versionOf(name)])),
        // Every toolwright package from its tarball, also where a bridge depends on it.
        overrides: Object.fromEntries(tarballs),
      };
      writeFileSync(join(project, bridge, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return execFileAsync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'],
        {
          cwd: join(project, bridge),
          env: cleanEnvironment(),
        },
      );
    }),
  );
});

/** Output compared with runs of whitespace made one space: Node breaks long values over lines. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe.each(BRIDGES)('the %s README example', (bridge) => {
  const example = examples[bridge];

  it('imports only packages its install lines name', () => {
    expect(importedPackages(example.source).filter((name) => !example.installs.includes(name))).toEqual([]);
  });

  it('runs as written (ESM, with tsx) and prints what its comments say', () => {
    const directory = join(project, bridge);
    writeFileSync(join(directory, example.fileName), example.source);
    const run = runCommand(join(directory, 'node_modules', '.bin', RUNNER), [example.fileName], directory);
    expect(run.status, run.output).toBe(0);
    for (const parts of expectedOutputs(example.source)) {
      for (const part of parts) expect(flat(run.output)).toContain(flat(part));
    }
  });

  it("type-checks with the README's tsc --strict command", () => {
    expect(example.typeCheck, 'the README gives no `npx tsc …` command').toBeDefined();
    const [tsc = 'tsc', ...args] = example.typeCheck ?? [];
    expect(args).toContain('--strict');
    const directory = join(project, bridge);
    writeFileSync(join(directory, example.fileName), example.source);
    const check = runCommand(join(directory, 'node_modules', '.bin', tsc), args, directory);
    expect(check.status, check.output).toBe(0);
  });
});
