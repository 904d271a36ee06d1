import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README example runs as written: ToolSearch loads the tool, a bad call is repaired, "2" is coerced', async () => {
  const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
  const [statuses, repair, created] = printed as [string[], string, string];
  expect(statuses).toEqual([
    'ToolSearch: success',
    'mcp__tracker__create_issue: error',
    'mcp__tracker__create_issue: success',
  ]);
  expect(repair).toMatch(
    /^Invalid arguments for tool "mcp__tracker__create_issue" \(2 problems\); fix and call again:/,
  );
  expect(repair).toContain('"title"');
  expect(created).toBe('created {"title":"Flaky test","priority":2}');
});
