// Each framework bridge's README example, as a new user meets it: the packages its install lines
// name, from our packed tarballs and the framework versions of our lockfile, in a fresh project
// outside the workspace; the example saved as the README says, run with tsx as the README says,
// and type-checked with the README's own `tsc --strict` command. One install serves the three
// bridges (it is the slow part); that it cannot hide a package one README forgets, the test
// checks apart: every package an example imports is on that README's install lines.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * The version our lockfile resolved for a package the bridge's tests run with: the copy linked
 * into the bridge's own node_modules, else the workspace root's.
 */
function lockedVersion(name: string, bridges: readonly string[]): string {
  for (const directory of [...bridges.map((bridge) => join(repoRoot, 'packages', bridge)), repoRoot]) {
    const manifest = join(directory, 'node_modules', name, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(
    `${name}, named by a bridge README's install line, is in no bridge's or the root's node_modules.`,
  );
}

let project: string;

beforeAll(() => {
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
  const wanted = new Set([...Object.values(examples).flatMap((example) => example.installs), RUNNER]);
  const dependencies = Object.fromEntries(
    [...wanted].sort().map((name) => [name, tarballs.get(name) ?? lockedVersion(name, BRIDGES)]),
  );
  project = makeTempDir('toolwright-bridge-readmes');
  const manifest = {
    name: 'bridge-readme-examples',
    private: true,
    dependencies,
    overrides: Object.fromEntries(tarballs),
  };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], {
    cwd: project,
    stdio: 'pipe',
    env: cleanEnvironment(),
  });
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
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, example.fileName), example.source);
    const run = runCommand(join(project, 'node_modules', '.bin', RUNNER), [example.fileName], directory);
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
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, example.fileName), example.source);
    const check = runCommand(join(project, 'node_modules', '.bin', tsc), args, directory);
    expect(check.status, check.output).toBe(0);
  });
});
