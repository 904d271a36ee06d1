import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadedModulesEnvironment } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// `--version` and `--help` must start at once: they load the command definitions and what they
// print, never what a command needs to run (the agent, the MCP SDK, OpenTelemetry, the provider
// SDKs). A static import of a command's work from a definition module would bring it all back.

const directory = makeTemporaryDirectory('lazy-commands');
const workspace = join(directory.path, 'workspace');
const home = join(directory.path, 'home');

beforeAll(() => mkdirSync(workspace, { recursive: true }));
afterAll(async () => {
  directory.remove();
  await removeCliUnderTest();
});

/** Runs the CLI with `args` and returns its output and every module it loaded (file URLs). */
async function loadedBy(args: string[]): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const list = join(directory.path, `loaded-${args.join('-').replace(/\W+/g, '_')}.txt`);
  const result = await runCli(args, {
    cwd: workspace,
    home,
    env: loadedModulesEnvironment(list),
  });
  const modules = readFileSync(list, 'utf8').split('\n').filter(Boolean);
  return { code: result.code, stdout: result.stdout, modules };
}

/** The package a loaded module belongs to (`commander`, `@toolwright/utils`), or its kind. */
function origin(url: string): string {
  if (url.startsWith('node:')) return 'node';
  const path = decodeURIComponent(url);
  const inNodeModules = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path.split('/.pnpm/').at(-1) ?? path);
  if (inNodeModules !== null) return inNodeModules[1]!;
  const workspacePackage = /\/packages\/([^/]+)\/dist\//.exec(path);
  if (workspacePackage !== null) return `@toolwright/${workspacePackage[1]}`;
  return path.includes('/cli-under-test-') ? 'the CLI bundle' : path;
}

/** What the program's definitions and `--version` need, and nothing else. */
const START_UP_ORIGINS = new Set(['node', 'the CLI bundle', 'commander', '@toolwright/utils']);

describe('toolwright-agent loads a command only when it runs', () => {
  it.each([
    [['--version'], /^toolwright-agent /],
    [['--help'], /Commands:/],
    [['run', '--help'], /--sampling-max-tokens/],
    [['mcp', 'login', '--help'], /--trust-workspace/],
  ])('%j loads only the definitions and what it prints', async (args, printed) => {
    const run = await loadedBy(args);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(printed);
    const origins = new Set(run.modules.map(origin));
    expect([...origins].filter((each) => !START_UP_ORIGINS.has(each))).toEqual([]);
    expect(origins).toContain('commander');
  });

  it('loads what a command needs when it runs (the list above is not empty by accident)', async () => {
    const run = await loadedBy(['search', 'read', '--no-mcp']);
    expect(run.code).toBe(0);
    const origins = new Set(run.modules.map(origin));
    expect(origins).toContain('@toolwright/registry');
    expect(origins).toContain('@toolwright/executor');
  });
});
