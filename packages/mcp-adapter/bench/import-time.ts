// What loading @toolwright/mcp-adapter costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading the MCP SDK v2 client it wraps. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/mcp-adapter',
  wraps: ['@modelcontextprotocol/client'],
  target: 1.2,
  imports: [
    '@modelcontextprotocol/client',
    '@modelcontextprotocol/core',
    '@toolwright/mcp-client',
    '@toolwright/mcp-client/oauth',
    '@toolwright/contracts',
    '@toolwright/validation',
    '@toolwright/utils',
  ],
});
