import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisTestsRun, runReadmeExample, startRedisServer } from '@toolwright/test-support';
import { expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it.skipIf(!redisTestsRun())('the README example runs as written against a real redis-server', async () => {
  const server = await startRedisServer({ password: 'readme' });
  vi.stubEnv('REDIS_URL', server.url);
  try {
    const printed = await runReadmeExample({ packageDir });
    expect(printed).toEqual([[`0 calls wait for approval on redis://:***@127.0.0.1:${server.port}`]]);
  } finally {
    vi.unstubAllEnvs();
    await server.stop();
  }
});
