import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisTestsRun, runReadmeExample, startRedisServer } from '@toolwright/test-support';
import { expect, it, vi } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it.skipIf(!redisTestsRun())(
  'the README example of MCP server state runs as written against a real redis-server',
  async () => {
    const server = await startRedisServer();
    vi.stubEnv('REDIS_URL', server.url);
    try {
      const printed = await runReadmeExample({ packageDir, block: 1 });
      expect(printed).toEqual([
        ['2025-06-18 resumes with notifications/tools/list_changed'],
        ['heard tools_list_changed'],
        ['nothing was lost'],
      ]);
    } finally {
      vi.unstubAllEnvs();
      await server.stop();
    }
  },
);
