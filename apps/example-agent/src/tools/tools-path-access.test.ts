import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Tool, ToolResult } from '@toolwright/contracts';
import { createPolicyPathAccess, PermissionPolicy } from '@toolwright/executor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { createGlobTool } from './glob-tool.js';
import { createGrepTool } from './grep-tool.js';

/**
 * A workspace laid out as an attacker would: secrets the policy must keep out, a link to a home
 * directory outside the workspace, a linked file pointing out of it. Every secret holds a
 * distinct marker so that a leak shows up whichever way it happens.
 */
const SECRETS = {
  '.env': 'MARKER-dotenv',
  '.ssh/id_ed25519': 'MARKER-private-key',
  'secrets/token.txt': 'MARKER-denied-token',
  'secrets/nested/deep.txt': 'MARKER-denied-deep',
} as const;
const HOME_SECRET = 'MARKER-gh-hosts';

let directory: { path: string; remove(): void };
let workspace: string;
let fakeHome: string;
let policy: PermissionPolicy;

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

beforeAll(() => {
  directory = makeTemporaryDirectory('tools-path-access');
  workspace = join(directory.path, 'workspace');
  fakeHome = join(directory.path, 'home');
  write(join(workspace, 'src/a.ts'), 'export const visible = 1;\n');
  write(join(workspace, 'docs/readme.md'), 'visible docs\n');
  for (const [path, content] of Object.entries(SECRETS)) write(join(workspace, path), `${content}\n`);
  write(join(fakeHome, '.config/gh/hosts.yml'), `oauth_token: ${HOME_SECRET}\n`);
  symlinkSync(fakeHome, join(workspace, 'docs/home'));
  symlinkSync(join(fakeHome, '.config/gh/hosts.yml'), join(workspace, 'src/hosts-link.yml'));
  symlinkSync(join(workspace, 'src/a.ts'), join(workspace, 'src/inside-link.ts'));
  policy = new PermissionPolicy({ workspaceRoot: workspace, deny: ['Read(secrets/**)'] });
});
afterAll(() => directory.remove());

/** Runs a tool non-interactively, as the executor would, with the policy's path access. */
async function run(tool: Tool, params: Record<string, unknown>, withAccess = true): Promise<ToolResult> {
  return tool.build(params).execute({
    signal: new AbortController().signal,
    sessionId: 's',
    workspaceRoot: workspace,
    ...(withAccess ? { pathAccess: createPolicyPathAccess(policy, tool.name) } : {}),
  });
}

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string' ? result.llmContent : JSON.stringify(result.llmContent);
}

function expectNoSecret(output: string): void {
  for (const marker of [...Object.values(SECRETS), HOME_SECRET]) expect(output).not.toContain(marker);
}

describe('Grep checks every file it reads', () => {
  it('with pattern "." over the workspace shows no secret and counts every skipped path', async () => {
    const result = await run(createGrepTool(workspace), { pattern: '.', output_mode: 'content' });
    const output = text(result);
    expectNoSecret(output);
    expect(output).toContain('src/a.ts:1:export const visible = 1;');
    expect(output).toContain('docs/readme.md:1:visible docs');
    // A link inside the workspace to a workspace file is judged where it points, and searched.
    expect(output).toContain('src/inside-link.ts:1:export const visible = 1;');
    // .env (asks), id_ed25519 (denied), two files under secrets/ (denied), the docs/home link and
    // the hosts-link.yml link (both point outside the workspace).
    expect(result.metadata).toMatchObject({ skipped: 6 });
    expect(output.split('\n').at(-1)).toBe(
      '6 paths skipped: 3 denied by the permission policy, 3 would need approval (secrets, or outside the workspace).',
    );
  });

  it('skips the files a deny rule on secrets/** covers when pointed at secrets itself, however spelled', async () => {
    const grep = createGrepTool(workspace);
    for (const path of [
      'secrets',
      './secrets',
      'secrets/nested/..',
      './src/../secrets',
      join(workspace, 'secrets'),
    ]) {
      const result = await run(grep, { pattern: '.', path, output_mode: 'content' });
      expectNoSecret(text(result));
      expect(text(result)).toContain('No matches for /./');
      expect(result.metadata, path).toMatchObject({ skipped: 2, matches: 0 });
    }
  });

  it('skips the files of a linked directory that leads out of the workspace', async () => {
    const result = await run(createGrepTool(workspace), {
      pattern: '.',
      path: 'docs/home',
      output_mode: 'content',
    });
    expectNoSecret(text(result));
    expect(result.metadata).toMatchObject({ skipped: 1, matches: 0 });
    expect(text(result)).toContain('1 path skipped: 1 would need approval');
  });

  it('judges two spellings of one directory the same', async () => {
    const grep = createGrepTool(workspace);
    const plain = await run(grep, { pattern: '.', path: 'src', output_mode: 'content' });
    const roundabout = await run(grep, { pattern: '.', path: './src/../src', output_mode: 'content' });
    expect(text(roundabout)).toBe(text(plain));
    expect(roundabout.metadata).toEqual(plain.metadata);
    expect(plain.metadata).toMatchObject({ skipped: 1 }); // hosts-link.yml
  });

  it('adds no summary line when nothing was skipped (the glob filter comes before the check)', async () => {
    const result = await run(createGrepTool(workspace), { pattern: 'visible', path: 'docs', glob: '*.md' });
    expect(text(result)).toBe('readme.md');
    expect(result.metadata).toEqual({ matches: 1, skipped: 0 });
  });

  it('without a pathAccess in its context checks no file and follows no link', async () => {
    const result = await run(
      createGrepTool(workspace),
      { pattern: 'MARKER-dotenv', output_mode: 'content' },
      false,
    );
    // The executor-less host has only the executor's check of the searched directory to rely on.
    expect(text(result)).toBe('.env:1:MARKER-dotenv');
    const links = await run(createGrepTool(workspace), { pattern: '.', path: 'src' }, false);
    expect(text(links)).toBe('a.ts');
  });
});

describe('Glob checks every file it lists', () => {
  it('leaves out the refused files and says how many', async () => {
    // `*` and `**` leave dot names out (as picomatch does): the secrets are named on purpose.
    const result = await run(createGlobTool(workspace), { pattern: '{**/*,**/.*,**/.*/**}' });
    const output = text(result);
    expect(output.split('\n')).toEqual([
      'docs/readme.md',
      'src/a.ts',
      'src/inside-link.ts',
      '6 paths skipped: 3 denied by the permission policy, 3 would need approval (secrets, or outside the workspace).',
    ]);
    expect(result.metadata).toEqual({ matches: 3, skipped: 6 });
  });

  it('checks only what matches the pattern', async () => {
    const result = await run(createGlobTool(workspace), { pattern: '**/*.txt', path: './docs/../secrets' });
    expect(text(result).split('\n')).toEqual([
      'No files match **/*.txt',
      '2 paths skipped: 2 denied by the permission policy.',
    ]);
    const ts = await run(createGlobTool(workspace), { pattern: '**/*.ts' });
    expect(ts.metadata).toEqual({ matches: 2, skipped: 0 });
  });

  it('lists the files of a linked directory leading out of the workspace only without a pathAccess', async () => {
    const judged = await run(createGlobTool(workspace), { pattern: '.*/**', path: 'docs/home' });
    expect(judged.metadata).toEqual({ matches: 0, skipped: 1 });
    const unjudged = await run(createGlobTool(workspace), { pattern: '.*/**', path: 'docs/home' }, false);
    expect(text(unjudged)).toBe('.config/gh/hosts.yml');
  });
});
