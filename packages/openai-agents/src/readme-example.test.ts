import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README example runs as written: ToolSearch loads the tool, a bad call is repaired, the approved call runs', async () => {
  const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
  const [declared, repair, interrupted, created, text] = printed as [
    string[],
    { output: { text: string } },
    string[],
    { text: string },
    string,
  ];
  expect(declared.slice(0, 2)).toEqual(['Read, ToolSearch', 'Read, ToolSearch, mcp__tracker__create_issue']);
  expect(repair.output.text).toMatch(
    /^Invalid arguments for tool "mcp__tracker__create_issue" \(2 problems\); fix and call again:/,
  );
  expect(interrupted).toEqual(['mcp__tracker__create_issue {"title":"Flaky test","priority":"2"}']);
  expect(created).toEqual({ type: 'text', text: 'created {"title":"Flaky test","priority":2}' });
  expect(text).toBe('Filed it.');
});
