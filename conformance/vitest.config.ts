import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedProjectConfig } from '../vitest.shared.js';

// The official MCP conformance suite's runs (mcp-adapter's client scenarios, mcp-server's server
// scenarios) are one project of their own, apart from their packages' unit tests: they install
// the suite and the Node 22 it needs, and take minutes, so they run once, on the machine's Node,
// not on every Node the packages' unit tests run on, and a one-package run stays short.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = sharedProjectConfig(import.meta.url);

export default defineProject({
  ...shared,
  test: {
    ...shared.test,
    name: 'conformance',
    root: repoRoot,
    include: ['packages/*/conformance/**/*.test.ts'],
    typecheck: { enabled: false },
  },
});
