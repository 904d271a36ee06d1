// Each framework bridge's README example, as a new user meets it: the packages its install lines
// name, from our packed tarballs and the framework versions of our lockfile, in a fresh project
// outside the workspace; the example saved as the README says, run with tsx as the README says,
// and type-checked with the README's own `tsc --strict` command. The AI SDK README says its
// example runs unchanged with `ai` 6 and 7, so it gets a second project with `ai` 7; and it says
// `@types/json-schema` is needed for `tsc --strict`, so its check also proves the error without it.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
type Bridge = (typeof BRIDGES)[number];
const aiSdkDevDependencies = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/ai-sdk/package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;
/** `ai` 7 at the version the bridge's own ai-v7 tests use. */
const AI_7 = (aiSdkDevDependencies['ai-v7'] ?? '').replace(/^npm:ai@/, '');
/** `ai` 7 declares Node >= 22; the repo tests run on 20, so there the ai 7 project is type-checked only. */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** One fresh project: a bridge's README as written, with some packages at another version. */
interface Project {
  readonly id: string;
  readonly bridge: Bridge;
  readonly versions: Readonly<Record<string, string>>;
  readonly runnable: boolean;
}
const PROJECTS: readonly Project[] = [
  { id: 'ai-sdk', bridge: 'ai-sdk', versions: {}, runnable: true },
  { id: 'ai-sdk-with-ai-7', bridge: 'ai-sdk', versions: { ai: AI_7 }, runnable: NODE_MAJOR >= 22 },
  { id: 'langchain', bridge: 'langchain', versions: {}, runnable: true },
  { id: 'openai-agents', bridge: 'openai-agents', versions: {}, runnable: true },
];
/** What `npx tsx example.mts` fetches for the user: installed here at the workspace's version. */
const RUNNER = 'tsx';

const examples = Object.fromEntries(
  BRIDGES.map((bridge) => {
    const readme = `packages/${bridge}/README.md`;
    return [bridge, readReadmeExample(readFileSync(join(repoRoot, readme), 'utf8'), readme)];
  }),
) as Record<Bridge, ReadmeExample>;

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
  const versionOf = (name: string, pinned: Project['versions']): string =>
    tarballs.get(name) ?? pinned[name] ?? lockedVersion(name, BRIDGES);
  project = makeTempDir('toolwright-bridge-readmes');
  // One project per bridge with exactly its README's packages (and the runner npx would fetch),
  // installed as the README's npm line would: a package another README names, or a type package
  // a dependency of another framework happens to bring, cannot make a README look complete. The
  // three installs run at once, from npm's cache where it can.
  await Promise.all(
    PROJECTS.map(({ id, bridge, versions }) => {
      mkdirSync(join(project, id));
      const names = [...new Set([...examples[bridge].installs, RUNNER])].sort();
      const manifest = {
        name: `${id}-readme-example`,
        private: true,
        dependencies: Object.fromEntries(names.map((name) => [name, versionOf(name, versions)])),
        // Every toolwright package from its tarball, also where a bridge depends on it.
        overrides: Object.fromEntries(tarballs),
      };
      writeFileSync(join(project, id, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      return execFileAsync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'],
        {
          cwd: join(project, id),
          env: cleanEnvironment(),
        },
      );
    }),
  );
});

/** Output compared with runs of whitespace made one space: Node breaks long values over lines. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe.each(PROJECTS)('the $id README example', ({ id, bridge, runnable }) => {
  const example = examples[bridge];

  it('imports only packages its install lines name', () => {
    expect(importedPackages(example.source).filter((name) => !example.installs.includes(name))).toEqual([]);
  });

  it.skipIf(!runnable)('runs as written (ESM, with tsx) and prints what its comments say', () => {
    const directory = join(project, id);
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
    const directory = join(project, id);
    writeFileSync(join(directory, example.fileName), example.source);
    const check = runCommand(join(directory, 'node_modules', '.bin', tsc), args, directory);
    expect(check.status, check.output).toBe(0);
    if (bridge !== 'ai-sdk') return;
    // Why the README names @types/json-schema: the AI SDK's provider types import it undeclared.
    rmSync(join(directory, 'node_modules', '@types', 'json-schema'), { recursive: true });
    const without = runCommand(join(directory, 'node_modules', '.bin', tsc), args, directory);
    expect(without.status).not.toBe(0);
    expect(without.output).toContain('node_modules/@ai-sdk/provider/dist/index.d.ts(1,');
    expect(without.output).toContain(
      "error TS7016: Could not find a declaration file for module 'json-schema'",
    );
  });
});
