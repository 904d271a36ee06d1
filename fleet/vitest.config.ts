import { defineProject } from 'vitest/config';
import { runOnceProjectConfig } from '../vitest.shared.js';

// The fleet tests (packages/*/fleet): real processes behind a real load balancer (HAProxy) on a
// real redis-server. Heavy, so a project of their own, run once, on the machine's Node.
export default defineProject(runOnceProjectConfig('fleet', ['packages/*/fleet/**/*.test.ts']));
