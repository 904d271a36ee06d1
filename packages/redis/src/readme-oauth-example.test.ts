import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisTestsRun, runReadmeExample, startRedisServer } from '@toolwright/test-support';
import { expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it.skipIf(!redisTestsRun())(
  "the README's RedisOAuthStore example runs as written against a real redis-server",
  async () => {
    const server = await startRedisServer({ password: 'readme' });
    vi.stubEnv('REDIS_URL', server.url);
    vi.stubEnv('OAUTH_KEY', randomBytes(32).toString('base64'));
    try {
      const printed = await runReadmeExample({ packageDir, block: 3 });
      expect(printed).toEqual([
        [
          expect.stringMatching(
            new RegExp(
              `^MCP OAuth tokens shared on redis://:\\*\\*\\*@127\\.0\\.0\\.1:${server.port}, sealed under key [0-9a-f]{16}$`,
            ),
          ),
        ],
      ]);
    } finally {
      vi.unstubAllEnvs();
      await server.stop();
    }
  },
);
