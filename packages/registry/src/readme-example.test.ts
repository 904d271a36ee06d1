import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the package (so its dependencies and the workspace aliases resolve), git-ignored.
const scratchDir = join(packageDir, '.tmp');

afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

it('the README opening example runs as written and prints what it promises', async () => {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  // The first line of the README's ts block: a missing or different block fails here, not later.
  expect(example?.split('\n')[0]).toBe("import { Type } from '@sinclair/typebox';");
  mkdirSync(scratchDir, { recursive: true });
  const file = join(scratchDir, 'readme-example.ts');
  writeFileSync(file, example ?? '');
  const printed: unknown[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((value: unknown) => {
    printed.push(value);
  });
  try {
    await import(file);
  } finally {
    log.mockRestore();
  }
  expect(String(printed[0])).toContain('<function>{"name":"mcp__github__create_issue"');
  expect(printed[1]).toEqual(['Read', 'ToolSearch', 'mcp__github__create_issue']);
});
