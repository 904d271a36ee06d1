// The @toolwright/ai-sdk README example type-checks under `tsc --strict` in a fresh project, with
// exactly what the README says to install and the command it says to run, for `ai` 6 and `ai` 7:
// the packages of its install line (toolwright ones from this checkout's tarballs), then its
// `--save-dev` line. Without `@types/json-schema` it does not (the AI SDK's provider types import
// `json-schema` without depending on it), which is why the README names it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, readmeBlocks } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type PackedPackage, packPublishablePackages, runCommand } from './support/pack.js';
import { repoRoot } from './support/workspace.js';

const README = join(repoRoot, 'packages/ai-sdk/README.md');
const aiSdkManifest = JSON.parse(readFileSync(join(repoRoot, 'packages/ai-sdk/package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** The versions a fresh project gets for what the README names without a version. */
const VERSIONS: Readonly<Record<string, string>> = {
  '@sinclair/typebox': aiSdkManifest.devDependencies['@sinclair/typebox'] as string,
  typescript: rootManifest.devDependencies.typescript as string,
  '@types/node': rootManifest.devDependencies['@types/node'] as string,
  '@types/json-schema': '^7.0.15',
};
/** Each AI SDK major the bridge is tested with, at the version its tests use. */
const AI_VERSIONS = {
  6: aiSdkManifest.devDependencies.ai as string,
  7: (aiSdkManifest.devDependencies['ai-v7'] as string).replace(/^npm:ai@/, ''),
};

/** The package names of the README's `npm install` line that starts with `prefix`. */
function installLine(prefix: string): string[] {
  const line = readmeBlocks(README, 'sh')
    .flatMap((block) => block.split('\n'))
    .find((candidate) => candidate.startsWith(prefix));
  if (line === undefined) throw new Error(`${README} has no "${prefix}" line`);
  return line.split(/\s+/).filter((word) => !['npm', 'install', '--save-dev'].includes(word));
}

/** The README's `npx tsc ...` command, as its arguments after `npx`. */
function tscCommand(): string[] {
  const line = readmeBlocks(README, 'sh')
    .flatMap((block) => block.split('\n'))
    .find((candidate) => candidate.startsWith('npx tsc '));
  if (line === undefined) throw new Error(`${README} has no "npx tsc" line`);
  return line.split(/\s+/).slice(1);
}

let packed: PackedPackage[] = [];

beforeAll(() => {
  buildWorkspace();
  packed = packPublishablePackages();
});

function project(major: 6 | 7): string {
  const dir = makeTempDir(`toolwright-ai-sdk-readme-${major}`);
  const specOf = (name: string): string => {
    const tarball = packed.find((entry) => entry.pkg.name === name)?.tarball;
    if (tarball !== undefined) return `file:${tarball}`;
    if (name === 'ai') return AI_VERSIONS[major];
    const version = VERSIONS[name];
    if (version === undefined) throw new Error(`the README installs ${name}; give this test its version`);
    return version;
  };
  const manifest = {
    name: `readme-ai-${major}`,
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(
      installLine('npm install @toolwright/').map((name) => [name, specOf(name)]),
    ),
    devDependencies: Object.fromEntries(
      installLine('npm install --save-dev ').map((name) => [name, specOf(name)]),
    ),
    overrides: Object.fromEntries(packed.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`])),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = runCommand(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'],
    dir,
  );
  expect(install.status, install.output).toBe(0);
  writeFileSync(join(dir, 'example.mts'), readmeBlocks(README, 'ts')[0] as string);
  return dir;
}

describe.each([6, 7] as const)('the ai-sdk README example with ai %s', (major) => {
  it('compiles with tsc --strict as the README says, and not without @types/json-schema', () => {
    const dir = project(major);
    const strict = runCommand('npx', tscCommand(), dir);
    expect(strict.output).toBe('');
    expect(strict.status).toBe(0);

    rmSync(join(dir, 'node_modules/@types/json-schema'), { recursive: true });
    const without = runCommand('npx', tscCommand(), dir);
    expect(without.status).not.toBe(0);
    expect(without.output).toContain('node_modules/@ai-sdk/provider/dist/index.d.ts(1,');
    expect(without.output).toContain(
      "error TS7016: Could not find a declaration file for module 'json-schema'",
    );
  });
});
