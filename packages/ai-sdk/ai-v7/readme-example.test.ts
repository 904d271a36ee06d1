import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';
import { describeAiSdk7 } from './ai-v7-support.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

describeAiSdk7('the README example', () => {
  it('runs as written with ai 7 too: ToolSearch loads the tool, a bad call is repaired, "2" is coerced', async () => {
    const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
    const [declared, repair, created, text] = printed as [string[], string, string, string];
    expect(declared.slice(0, 2)).toEqual([
      'Read, ToolSearch',
      'Read, ToolSearch, mcp__tracker__create_issue',
    ]);
    // AI SDK 7 words the invalid call with the error's name first; what follows is toolwright's.
    expect(repair).toMatch(
      /^AI_InvalidToolInputError: Invalid input for tool mcp__tracker__create_issue: Invalid arguments for tool "mcp__tracker__create_issue" \(2 problems\); fix and call again:/,
    );
    expect(created).toBe('created {"title":"Flaky test","priority":2}');
    expect(text).toBe('Filed it.');
  });
});
