import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeBlocks, runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README opening example runs as written and prints what it promises', async () => {
  const example = readmeBlocks(join(packageDir, 'README.md'), 'ts')[0];
  // The first line of the README's ts block: a missing or different block fails here, not later.
  expect(example?.split('\n')[0]).toBe("import { Type } from '@sinclair/typebox';");
  const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
  expect(String(printed[0])).toContain('<function>{"name":"mcp__github__create_issue"');
  expect(printed[1]).toEqual(['Read', 'ToolSearch', 'mcp__github__create_issue']);
});
