// What loading @toolwright/utils costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against an absolute budget (it wraps nothing; every other package loads it). Part of
// `pnpm bench`; run alone with `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportLeafImportTimes } from '@toolwright/test-support/bench';

reportLeafImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/utils',
  targetMs: 20,
});
