// What loading @toolwright/contracts costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading TypeBox, the schema library tools are written with. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/contracts',
  wraps: ['@sinclair/typebox'],
  target: 1.2,
});
