import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'repo',
    include: ['**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // As in vitest.shared.ts: no NODE_PATH from pnpm's bin shim for the processes tests spawn.
    env: { NODE_PATH: '' },
  },
});
