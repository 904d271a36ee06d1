import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the package (so its dependencies and the workspace aliases resolve), git-ignored.
const scratchDir = join(packageDir, '.tmp');

afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

it('the README opening example runs as written: the Read through a symlinked home is denied', async () => {
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
  const [lines] = printed as [string[]];
  expect(lines[0]).toBe('success: # notes');
  expect(lines[1]).toMatch(
    /^denied: \/.*\/home\/\.config\/gh\/hosts\.yml \(written as \/.*\/workspace\/docs\/home\/\.config\/gh\/hosts\.yml\) is outside the workspace$/,
  );
  expect(lines[1]).not.toContain('gho_secret');
});
