import { defineProject } from 'vitest/config';
import { runOnceProjectConfig } from '../vitest.shared.js';

// The official MCP conformance suite's runs (mcp-adapter's client scenarios, mcp-server's server
// scenarios) are one project of their own, apart from their packages' unit tests: they install
// the suite and the Node 22 it needs, and take minutes, so they run once, on the machine's Node,
// not on every Node the packages' unit tests run on, and a one-package run stays short.
export default defineProject(runOnceProjectConfig('conformance', ['packages/*/conformance/**/*.test.ts']));
