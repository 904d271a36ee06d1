import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the package (so its dependencies and the workspace aliases resolve), git-ignored.
const scratchDir = join(packageDir, '.tmp');

afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

it('the README example runs as written: ToolSearch loads the tool, a bad call is repaired, "2" is coerced', async () => {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
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
  const [declared, repair, created, text] = printed as [string[], string, string, string];
  expect(declared.slice(0, 2)).toEqual(['Read, ToolSearch', 'Read, ToolSearch, mcp__tracker__create_issue']);
  expect(repair).toMatch(
    /^Invalid input for tool mcp__tracker__create_issue: Invalid arguments for tool "mcp__tracker__create_issue" \(2 problems\); fix and call again:/,
  );
  expect(repair).toContain('"title"');
  expect(created).toBe('created {"title":"Flaky test","priority":2}');
  expect(text).toBe('Filed it.');
});
