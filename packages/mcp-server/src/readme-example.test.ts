import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the package (so its dependencies and the workspace aliases resolve), git-ignored.
const scratchDir = join(packageDir, '.tmp', `readme-${process.pid}`);

afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

it('the README opening example runs as written: listing, coercion, and a repairable refusal', async () => {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  mkdirSync(scratchDir, { recursive: true });
  const file = join(scratchDir, 'readme-example.ts');
  writeFileSync(file, example ?? '');
  const printed: unknown[][] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...values: unknown[]) => {
    printed.push(values);
  });
  try {
    await import(file);
  } finally {
    log.mockRestore();
  }
  expect(printed[0]).toEqual([['Add {"readOnlyHint":true,"idempotentHint":true}']]);
  expect(printed[1]).toEqual([
    [{ type: 'text', text: '5' }],
    {
      'toolwright/coercions': [{ path: '/b', from: 'string "3"', to: 'integer 3', kind: 'string-to-number' }],
    },
  ]);
  expect(printed[2]).toEqual([
    true,
    [
      {
        type: 'text',
        text: 'Invalid arguments for tool "Add" (1 problem); fix and call again:\n- /b: missing required argument "b" (expected number)',
      },
    ],
  ]);
});
