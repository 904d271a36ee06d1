import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProgram } from './program.js';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runProgram(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('toolwright-agent program', () => {
  it.each([
    ['demo', '--keep'],
    ['run', '--scenario'],
    ['tools', '--provider'],
    ['search', '<query>'],
    ['call', '<tool>'],
  ])('prints help for %s', async (command, expected) => {
    const result = await run([command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: toolwright-agent ${command}`);
    expect(result.stdout).toContain(expected);
  });

  it('prints help for mcp list', async () => {
    const result = await run(['mcp', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: toolwright-agent mcp list');
  });

  it('rejects an unknown command, a missing argument and a bad --mode with exit code 2', async () => {
    expect((await run(['deploy'])).code).toBe(2);
    expect((await run(['call'])).code).toBe(2);
    const badMode = await run(['tools', '--mode', 'yolo']);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain('mode must be "plan" or "default"');
  });
});

describe('toolwright-agent --version', () => {
  const appDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const readVersion = (file: string) =>
    JSON.parse(readFileSync(file, 'utf8')) as { version: string; dependencies: Record<string, string> };

  it.each([['--version'], ['-V']])(
    '%s prints the app version and the version of each @toolwright package it runs on',
    async (flag) => {
      const result = await run([flag]);
      expect(result.code).toBe(0);
      const manifest = readVersion(join(appDirectory, 'package.json'));
      const lines = result.stdout.trim().split('\n');
      expect(lines[0]).toBe(`toolwright-agent ${manifest.version}`);
      const packages = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@toolwright/'));
      expect(packages.length).toBeGreaterThan(5);
      for (const name of packages) {
        const version = readVersion(
          join(appDirectory, '..', '..', 'packages', name.slice('@toolwright/'.length), 'package.json'),
        ).version;
        expect(lines).toContain(`  ${name} ${version}`);
      }
      expect(lines).toContain(`  node ${process.version}`);
    },
  );
});
