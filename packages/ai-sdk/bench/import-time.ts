// What loading @toolwright/ai-sdk costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading the AI SDK it bridges to. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/ai-sdk',
  wraps: ['ai'],
  target: 1.2,
});
