// What importing the package loads. @toolwright/executor is not among it: a host that gives its
// ToolExecutor loaded the executor itself, and a tool set without one loads it with its first
// call (the executor's ToolCallRunner runs it). The built ESM and CJS outputs are loaded natively
// by Node in a child process.
import { join } from 'node:path';
import { builtEntryForThisFile, modulesLoadedBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');

// Imports the build; makes a tool set without an executor; runs a call of it; reports what was
// loaded at each step. Marks in the module list separate the steps.
const probe = (entry: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const executorLoaded = () => Object.keys(require.cache).some((path) => path.includes('/executor/dist/'));
const bridge = ${entry === 'index.cjs' ? "require('./index.cjs')" : "await import('./index.js')"};
const before = executorLoaded();
await import('data:text/javascript,export{}//import-done');
const { createTool, ToolKind, ToolResults } = await import('@toolwright/contracts');
const { Type } = await import('@sinclair/typebox');
const echo = createTool({
  name: 'Echo',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ text: Type.String() }),
  description: 'Echoes the text.',
  execute: async ({ text }) => ToolResults.success(text),
});
const tools = bridge.toAiSdkTools({ tools: [echo], sessionId: 'probe' });
const made = executorLoaded();
await import('data:text/javascript,export{}//tools-made');
const output = await tools.Echo.execute({ text: 'hi' }, { toolCallId: 'c1' });
console.log(JSON.stringify({ before, made, afterCall: executorLoaded(), text: output.text }));
`;

const built = builtEntryForThisFile({
  packageDir,
  name: 'start-up-imports',
  probes: { 'probe-esm.mjs': probe('index.js'), 'probe-cjs.mjs': probe('index.cjs') },
});

describe('importing @toolwright/ai-sdk', () => {
  it.each(['esm', 'cjs'])(
    '(%s) does not load the executor; a tool set without one loads it with its first call',
    async (format) => {
      // --no-warnings: the first call without an executor warns that nothing checks it.
      const run = await modulesLoadedBy(['--no-warnings', join(built.directory, `probe-${format}.mjs`)], {
        cwd: built.directory,
      });
      expect(run.stderr).toBe('');
      // The CommonJS build requires the executor (require.cache); the ES one imports it (below).
      expect(JSON.parse(run.stdout)).toEqual({
        before: false,
        made: false,
        afterCall: format === 'cjs',
        text: 'hi',
      });
      const mark = (name: string) => run.modules.indexOf(`data:text/javascript,export{}//${name}`);
      const executor = (url: string) => url.includes('/executor/dist/');
      expect(run.modules.slice(0, mark('tools-made')).filter(executor)).toEqual([]);
      // The list is not empty by accident: the ESM build's imports pass the hooks.
      if (format === 'esm') {
        expect(
          run.modules.slice(0, mark('import-done')).some((url) => url.includes('/node_modules/ai/')),
        ).toBe(true);
        expect(run.modules.slice(mark('tools-made')).filter(executor)).toHaveLength(1);
      }
    },
  );
});
