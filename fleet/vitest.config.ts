import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedProjectConfig } from '../vitest.shared.js';

// The fleet tests (packages/*/fleet): real processes behind a real load balancer (HAProxy) on a
// real redis-server. Heavy, so a project of their own, run once, on the machine's Node.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = sharedProjectConfig(import.meta.url);

export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'fleet',
    root: repoRoot,
    include: ['packages/*/fleet/**/*.test.ts'],
    typecheck: { enabled: false },
  },
});
