// What loading @toolwright/validation costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading Ajv, the JSON Schema validator it wraps (draft-07 and 2020-12). Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/validation',
  wraps: ['ajv', 'ajv/dist/2020.js'],
  target: 1.2,
});
