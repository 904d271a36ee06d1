import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README opening example runs as written: the Read through a symlinked home is denied', async () => {
  // One console.log call, its first argument the lines.
  const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
  const [lines] = printed as [string[]];
  expect(lines[0]).toBe('success: # notes');
  expect(lines[1]).toMatch(
    /^denied: \/.*\/home\/\.config\/gh\/hosts\.yml \(written as \/.*\/workspace\/docs\/home\/\.config\/gh\/hosts\.yml\) is outside the workspace$/,
  );
  expect(lines[1]).not.toContain('gho_secret');
});
