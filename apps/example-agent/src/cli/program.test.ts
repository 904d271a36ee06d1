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
