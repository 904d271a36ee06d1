import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README opening example runs as written: listing, coercion, and a repairable refusal', async () => {
  const printed = await runReadmeExample({ packageDir });
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
        text: 'Invalid arguments for tool "Add" (1 problem); fix and call again:\n- /b: missing required argument "b" (expected number) (code: validation_failed)',
      },
    ],
  ]);
});
