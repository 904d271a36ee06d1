import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmeBlocks, runReadmeExample } from '@toolwright/test-support';
import { expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the README example runs as written: a v1 sink is taken, an unversioned one wrapped, a v2 one refused', async () => {
  const example = readmeBlocks(join(packageDir, 'README.md'), 'ts')[0];
  expect(example?.split('\n')[0]).toBe(
    "import { type ArtifactReference, type ArtifactSinkV1, asArtifactSinkV1 } from '@toolwright/spec';",
  );
  const printed = (await runReadmeExample({ packageDir })).map(([first]) => first);
  expect(printed).toEqual([
    true,
    true,
    {
      ok: false,
      code: 'unsupported_specification_version',
      message: "this ArtifactSink says specificationVersion 'v2'; my-host 1.x accepts 'v1'",
    },
  ]);
});
