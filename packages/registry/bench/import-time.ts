// What loading @toolwright/registry costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading what every tool it files is made with: TypeBox and @toolwright/contracts
// (its peer, whose createTool makes the tools; the registry cannot be used without it). Part of
// `pnpm bench`; run alone with `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/registry',
  wraps: ['@sinclair/typebox', '@toolwright/contracts'],
  target: 1.2,
});
