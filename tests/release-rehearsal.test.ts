import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type CommandOutcome, cleanEnvironment, runCommand } from './support/pack.js';
import {
  addChangeset,
  copyRepositoryForRelease,
  publishOrder,
  publishPackage,
  versionIn,
  versionPackages,
} from './support/release-copy.js';
import { type LocalRegistry, startLocalRegistry } from './support/verdaccio.js';
import { repoRoot } from './support/workspace.js';

// A release as it will be cut, against a real npm registry (Verdaccio on 127.0.0.1, storage in
// a temp folder): `changeset version` and `pnpm publish` of every package from a copy of the
// repository, then consumers that install from that registry with npm, as users will. Only
// `@toolwright/*` comes from it; every other package comes from the npm registry
// (`@toolwright:registry=` in the consumer's .npmrc). The steps depend on each other, in order.

const root = makeTempDir('toolwright-release');
const copy = join(root, 'repo');
const consumer = join(root, 'consumer');
let registry: LocalRegistry;
/** Each package's version in the first release, by name. */
const firstRelease = new Map<string, string>();
/** The range of the registry's contracts peer, as published (`0.x`). */
let contractsPeerRange = '';
/** The contracts minor the consumer upgraded to. */
let contractsMinor = '';

beforeAll(async () => {
  // `npm test` has just built (and says so); run alone, the test builds (turbo, cached).
  if (process.env.TOOLWRIGHT_SKIP_BUILD !== '1') buildWorkspace();
  registry = await startLocalRegistry(join(root, 'verdaccio'));
  copyRepositoryForRelease(copy);
}, 600_000);

afterAll(async () => {
  await registry?.stop();
});

function npm(args: string[], cwd: string): CommandOutcome {
  return runCommand('npm', [...args, '--no-audit', '--no-fund', '--ignore-scripts'], cwd);
}

/** A project's view of one installed package: `npm ls --all --json` flattened to name@version lines. */
function installedCopies(cwd: string, name: string): string[] {
  const { output } = npm(['ls', name, '--all', '--json'], cwd);
  const found: string[] = [];
  const walk = (node: { dependencies?: Record<string, { version?: string }> }, path: string) => {
    for (const [dependency, child] of Object.entries(node.dependencies ?? {})) {
      if (dependency === name) found.push(`${path}${dependency}@${child.version}`);
      walk(child as never, `${path}${dependency} > `);
    }
  };
  walk(JSON.parse(output), '');
  return [...new Set(found.map((line) => line.split(' > ').pop() as string))].sort();
}

/** A tool made with createTool, registered, looked up, built from a model's call and run. */
const TOOL_SCRIPT = `
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';

const echo = createTool({
  name: 'Echo',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ text: Type.String(), times: Type.Integer({ default: 1 }) }),
  description: 'Repeats a text.',
  execute: async (params) => ToolResults.success(params.text.repeat(params.times)),
});
const registry = new ToolRegistry();
registry.register(echo);
const invocation = registry.get('Echo').build({ text: 'ab', times: '2' });
const context = { signal: new AbortController().signal, sessionId: 'rehearsal', workspaceRoot: process.cwd() };
const result = await invocation.execute(context);
console.log(JSON.stringify({ content: result.llmContent, coerced: invocation.coercions.length }));
`;

/** A config module for `toolwright-mcp-server`: a registry with one tool. */
const SERVER_CONFIG = `
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';

const registry = new ToolRegistry();
registry.register(
  createTool({
    name: 'Echo',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ text: Type.String() }),
    description: 'Repeats a text.',
    execute: async (params) => ToolResults.success(params.text),
  }),
);
export default registry;
`;

/**
 * Starts an MCP server over stdio, initializes it and lists its tools with raw JSON-RPC lines (no
 * SDK here: the client is what a user's host would be), then closes its stdin and waits for it.
 */
function stdioSession(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ toolNames: string[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let toolNames: string[] | undefined;
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no tools/list answer in 60 s; stdout: ${stdout}; stderr: ${stderr}`));
    }, 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (;;) {
        const end = stdout.indexOf('\n');
        if (end < 0) break;
        const message = JSON.parse(stdout.slice(0, end)) as {
          id?: number;
          result?: { tools?: { name: string }[] };
        };
        stdout = stdout.slice(end + 1);
        if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        } else if (message.id === 2) {
          toolNames = (message.result?.tools ?? []).map((tool) => tool.name);
          child.stdin.end();
        }
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      if (toolNames === undefined) reject(new Error(`the server ended before listing its tools: ${stderr}`));
      else resolve({ toolNames, stderr });
    });
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'release-rehearsal', version: '1.0.0' },
      },
    });
  });
}

function runTool(): CommandOutcome {
  const outcome = runCommand(process.execPath, ['tool.mjs'], consumer, process.env);
  return { status: outcome.status, output: outcome.output.trim() };
}

const published = (name: string) => versionIn(copy, `packages/${name}`);

describe('a release rehearsal against a real registry', () => {
  it('versions every package with the pending changesets and publishes each (workspace:^ becomes a range)', async () => {
    versionPackages(copy);
    for (const dir of publishOrder()) {
      publishPackage(copy, dir, registry.url, registry.npmrc);
      const { name, version } = JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8'));
      firstRelease.set(name, version);
    }

    const view = npm(
      ['view', `@toolwright/registry@${published('registry')}`, '--json', `--registry=${registry.url}`],
      root,
    );
    expect(view.status, view.output).toBe(0);
    const manifest = JSON.parse(view.output) as Record<string, Record<string, string> | undefined>;
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    // Each internal edge keeps its kind, with the range VERSIONING.md gives it: `workspace:^`
    // becomes `^<version>`, `workspace:0.x` (contracts, a peer) becomes `0.x`.
    const source = JSON.parse(readFileSync(join(copy, 'packages', 'registry', 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'peerDependencies'] as const) {
      for (const [name, spec] of Object.entries((source[field] ?? {}) as Record<string, string>)) {
        if (!spec.startsWith('workspace:')) continue;
        const wanted = spec.slice('workspace:'.length);
        const sibling = published(name.split('/')[1] as string);
        const range =
          wanted === '^' || wanted === '~' ? `${wanted}${sibling}` : wanted === '*' ? sibling : wanted;
        expect(manifest[field]?.[name], `${field}.${name}`).toBe(range);
      }
    }
    contractsPeerRange = manifest.peerDependencies?.['@toolwright/contracts'] ?? '';
    expect(contractsPeerRange, 'registry declares @toolwright/contracts as a peer').not.toBe('');
  });

  it('a fresh project installs only @toolwright/registry and runs a tool', () => {
    mkdirSync(consumer, { recursive: true });
    writeFileSync(join(consumer, '.npmrc'), registry.npmrc);
    writeFileSync(
      join(consumer, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
    );
    writeFileSync(join(consumer, 'tool.mjs'), TOOL_SCRIPT);
    const install = npm(['install', `@toolwright/registry@${published('registry')}`], consumer);
    expect(install.status, install.output).toBe(0);
    expect(
      Object.keys(JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8')).dependencies),
    ).toEqual(['@toolwright/registry']);
    const run = runTool();
    expect(run.output).toBe('{"content":"abab","coerced":1}');
  });

  it("the MCP server's bin installs from the registry, says its published version and serves a config module", async () => {
    const server = join(root, 'server-consumer');
    mkdirSync(server, { recursive: true });
    writeFileSync(join(server, '.npmrc'), registry.npmrc);
    writeFileSync(
      join(server, 'package.json'),
      `${JSON.stringify({ name: 'server-consumer', private: true, type: 'module' })}\n`,
    );
    writeFileSync(join(server, 'tools.mjs'), SERVER_CONFIG);
    const install = npm(
      [
        'install',
        `@toolwright/mcp-server@${published('mcp-server')}`,
        `@toolwright/registry@${published('registry')}`,
        '@sinclair/typebox@0.34',
      ],
      server,
    );
    expect(install.status, install.output).toBe(0);
    const bin = join(server, 'node_modules', '.bin', 'toolwright-mcp-server');
    // The version the bin prints is the one `changeset version` wrote, read at run time.
    const version = runCommand(bin, ['--version'], server);
    expect(version.output.trim()).toBe(`toolwright-mcp-server ${published('mcp-server')}`);
    const session = await stdioSession(bin, ['tools.mjs'], server);
    expect(session.toolNames).toEqual(['Echo']);
    expect(session.stderr).toBe(
      `toolwright-mcp-server ${published('mcp-server')}: serving tools.mjs over stdio (stdout carries the protocol; close stdin or Ctrl+C to stop)\n`,
    );
  });

  it('a patch of validation and a minor of contracts publish alone; the consumer upgrades contracts alone', () => {
    const before = { validation: published('validation'), contracts: published('contracts') };
    addChangeset(copy, 'rehearsal-validation-fix', { '@toolwright/validation': 'patch' }, 'A fix.');
    addChangeset(copy, 'rehearsal-contracts-feature', { '@toolwright/contracts': 'minor' }, 'A feature.');
    versionPackages(copy);
    expect(published('validation')).not.toBe(before.validation);
    expect(published('contracts')).not.toBe(before.contracts);
    // Only these two are published: every other package on the registry stays as it was.
    publishPackage(copy, 'packages/validation', registry.url, registry.npmrc);
    publishPackage(copy, 'packages/contracts', registry.url, registry.npmrc);

    contractsMinor = published('contracts');
    const upgrade = npm(['install', `@toolwright/contracts@${contractsMinor}`], consumer);
    expect(upgrade.status, upgrade.output).toBe(0);
    // One contracts in the tree, the new one: the registry's range took it, nothing was nested.
    expect(installedCopies(consumer, '@toolwright/contracts')).toEqual([
      `@toolwright/contracts@${published('contracts')}`,
    ]);
    expect(runTool().output).toBe('{"content":"abab","coerced":1}');
  });

  it('a major of contracts is refused by the range the published registry declares (npm ERESOLVE)', () => {
    addChangeset(copy, 'rehearsal-contracts-break', { '@toolwright/contracts': 'major' }, 'A break.');
    versionPackages(copy);
    publishPackage(copy, 'packages/contracts', registry.url, registry.npmrc);
    const major = published('contracts');
    const registryRelease = firstRelease.get('@toolwright/registry');

    // The consumer asks for the registry it has and the new contracts: npm resolves the tree and
    // refuses, naming the peer range (contracts is a peer of registry: VERSIONING.md).
    const upgrade = npm(
      ['install', `@toolwright/registry@${registryRelease}`, `@toolwright/contracts@${major}`],
      consumer,
    );
    expect(upgrade.status, upgrade.output).not.toBe(0);
    expect(upgrade.output).toContain('ERESOLVE');
    expect(upgrade.output).toContain(
      `peer @toolwright/contracts@"${contractsPeerRange}" from @toolwright/registry@${registryRelease}`,
    );
    // The refusal left the working install as it was.
    expect(installedCopies(consumer, '@toolwright/contracts')).toEqual([
      `@toolwright/contracts@${contractsMinor}`,
    ]);
    expect(runTool().output).toBe('{"content":"abab","coerced":1}');

    // npm 11 does not refuse `npm install @toolwright/contracts@<major>` alone in a tree where
    // contracts is already installed: it installs it and marks the registry's peer invalid,
    // which `npm ls` reports. Pinned so the README's warning about it stays true.
    const alone = npm(['install', `@toolwright/contracts@${major}`], consumer);
    expect(alone.status, alone.output).toBe(0);
    const check = npm(['ls', '@toolwright/contracts'], consumer);
    expect(check.status).not.toBe(0);
    expect(check.output).toContain(`invalid: "${contractsPeerRange}" from node_modules/@toolwright/registry`);
  });

  it('the example agent installs from the registry and its demo runs', () => {
    const agent = join(root, 'example-agent');
    // What the agent runs from: its build, its scripted scenarios (the demo's model) and the
    // demo's own MCP server module.
    for (const folder of ['dist', 'scenarios', 'demo-server']) {
      cpSync(join(repoRoot, 'apps', 'example-agent', folder), join(agent, folder), { recursive: true });
    }
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'apps', 'example-agent', 'package.json'), 'utf8'),
    );
    // What `workspace:^` becomes on publish: a caret range on the first release's versions (the
    // major of contracts published since is outside it, as for every user of that release).
    for (const [name, range] of Object.entries(manifest.dependencies as Record<string, string>)) {
      if (range.startsWith('workspace:')) manifest.dependencies[name] = `^${firstRelease.get(name)}`;
    }
    delete manifest.devDependencies;
    writeFileSync(join(agent, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(agent, '.npmrc'), registry.npmrc);
    const install = npm(['install'], agent);
    expect(install.status, install.output).toBe(0);

    const home = join(root, 'home');
    mkdirSync(home, { recursive: true });
    let output: string;
    try {
      output = execFileSync(process.execPath, [join(agent, 'dist', 'cli.js'), 'demo'], {
        cwd: home,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...cleanEnvironment(), HOME: home },
        timeout: 120_000,
      });
    } catch (error) {
      const failure = error as { status?: number; stdout?: string; stderr?: string };
      throw new Error(
        `the demo failed (exit ${failure.status}):\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
      );
    }
    expect(output).toMatch(/everything: connected, \d+ tools/);
    expect(output).toContain('Plan mode allows only read-only tools');
  });
});
