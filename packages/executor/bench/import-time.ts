// What loading @toolwright/executor costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading the contracts of the tools it runs (which bring the validator). Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/executor',
  wraps: ['@toolwright/contracts'],
  target: 1.2,
  imports: [
    '@toolwright/contracts',
    '@toolwright/validation',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/utils/private-files',
    '@toolwright/utils/telemetry',
  ],
});
