// What loading @toolwright/spec costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading its one dependency, @toolwright/utils. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/spec',
  wraps: ['@toolwright/utils'],
  target: 1.2,
});
