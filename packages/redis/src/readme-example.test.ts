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

it.skipIf(!redisTestsRun())(
  'the README artifact example runs as written: one worker spills, another reads back',
  async () => {
    const server = await startRedisServer();
    vi.stubEnv('REDIS_URL', server.url);
    try {
      const printed = await runReadmeExample({ packageDir, block: 2 });
      expect(printed).toHaveLength(2);
      expect(String(printed[0]?.[0])).toMatch(
        /^\[… [\d,]+ bytes omitted — full output stored as artifact [0-9a-f]{64} \(text\/plain, 90,000 bytes\); read on with ReadArtifact/,
      );
      expect(printed[1]).toEqual(['90000 bytes read back; the session holds 1 artifact']);
    } finally {
      vi.unstubAllEnvs();
      await server.stop();
    }
  },
);
