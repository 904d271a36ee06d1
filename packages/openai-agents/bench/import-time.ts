// What loading @toolwright/openai-agents costs a process: its built ESM and CJS entries, each in a fresh Node
// process, against loading the OpenAI Agents SDK it bridges to. Part of `pnpm bench`; run alone with
// `node --import tsx bench/import-time.ts` after building.
import { join } from 'node:path';
import { reportImportTimes } from '@toolwright/test-support/bench';

reportImportTimes({
  directory: join(import.meta.dirname, '..'),
  packageName: '@toolwright/openai-agents',
  wraps: ['@openai/agents'],
  target: 1.2,
});
