// What loading @toolwright/redis costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading the Redis client it wraps. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/redis',
  wraps: ['@redis/client'],
  target: 1.2,
});
