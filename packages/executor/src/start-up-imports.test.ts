// What importing the package loads. picomatch is not among it: it loads with the first
// permission rule that has a glob (a CommonJS module, whose import from an ES module also cost
// Node's reading of its exports). Nor is the incremental JSON parser of streamed arguments
// (@streamparser/json): it loads when the first streamed turn starts reading, and a host that runs
// only whole batches never loads it. Nor is the shell analysis (the private chunk
// `#shell-analysis`, about 40% of the code): it loads with the first command judged, and a host
// whose tools include no shell never loads it. The built ESM and CJS outputs are loaded natively by Node in
// a child process.
import { join } from 'node:path';
import { builtEntryForThisFile, modulesLoadedBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');

// Imports the build; makes a policy with a literal rule, then one with a glob (and checks the
// glob matches); judges a shell command against a Bash rule (and checks the analysis holds); runs one streamed turn of one call whose arguments come in three pieces; reports
// what was loaded at each step. Marks in the module list separate the steps. picomatch is
// required (require.cache); both builds load the parser with `import()`, so the ES module
// loader's list sees it either way.
const probe = (entry: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const picomatchLoaded = () => Object.keys(require.cache).some((path) => path.includes('/picomatch/'));
const shellAnalysisLoaded = () => Object.keys(require.cache).some((path) => path.endsWith('/shell-analysis.cjs'));
const executorPackage = ${entry === 'index.cjs' ? "require('./index.cjs')" : "await import('./index.js')"};
const atImport = picomatchLoaded();
const shellAtImport = shellAnalysisLoaded();
await import('data:text/javascript,export{}//import-done');
const { createTool, ToolKind, ToolResults } = await import('@toolwright/contracts');
const { Type } = await import('@sinclair/typebox');
const workspaceRoot = process.cwd();
new executorPackage.PermissionPolicy({ workspaceRoot, deny: ['Read(secrets/key.pem)'] });
const forLiteral = picomatchLoaded();
const globbed = new executorPackage.PermissionPolicy({ workspaceRoot, deny: ['Read(probe-*.mjs)'] });
const forGlob = picomatchLoaded();
const readTool = createTool({
  name: 'Read',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ paths: Type.Array(Type.String()) }),
  description: 'Reads files.',
  affectedPaths: (params) => params.paths,
  execute: async () => ToolResults.success(''),
});
const covers = (path) => globbed.covers('Read(probe-*.mjs)', readTool.build({ paths: [path] }));
const glob = { matching: covers('probe-esm.mjs'), other: covers('index.js') };
const shellForPathRules = shellAnalysisLoaded();
const bash = createTool({
  name: 'Bash',
  kind: ToolKind.Execute,
  schema: Type.Object({ command: Type.String() }),
  description: 'Runs a command.',
  extractSignatureContent: (params) => params.command,
  execute: async () => ToolResults.success(''),
});
const coversCommand = (command) => globbed.covers('Bash(git status)', bash.build({ command }));
const shell = { plain: coversCommand('git status'), chained: coversCommand('git status; rm -rf x') };
const shellForCommand = shellAnalysisLoaded();
const echo = createTool({
  name: 'Echo',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ text: Type.String() }),
  description: 'Echoes the text.',
  execute: async ({ text }) => ToolResults.success(text),
});
const executor = new executorPackage.ToolExecutor({
  lookup: (name) => (name === 'Echo' ? echo : undefined),
  permissions: { decide: () => ({ behavior: 'allow', reason: 'probe' }) },
  sessionId: 'probe',
  workspaceRoot,
});
await import('data:text/javascript,export{}//executor-made');
async function* stream() {
  yield { type: 'tool-call-start', callId: 'c1', toolName: 'Echo' };
  for (const piece of ['{"te', 'xt":"h', 'i"}']) yield { type: 'tool-call-delta', callId: 'c1', argumentsDelta: piece };
  yield { type: 'tool-call-end', callId: 'c1' };
  yield { type: 'message-end' };
}
const execution = await executor.executeStream(stream());
console.log(JSON.stringify({
  picomatch: { atImport, forLiteral, forGlob },
  glob,
  shellAnalysis: { atImport: shellAtImport, forPathRules: shellForPathRules, forCommand: shellForCommand },
  shell,
  calls: execution.calls.map((call) => ({ status: call.status, content: call.content })),
}));
`;

const built = builtEntryForThisFile({
  packageDir,
  name: 'start-up-imports',
  // The package's own build: its `#shell-analysis` chunk beside the entry, and the plugin that
  // makes the entry load it lazily.
  packageConfig: true,
  probes: { 'probe-esm.mjs': probe('index.js'), 'probe-cjs.mjs': probe('index.cjs') },
});

describe('importing @toolwright/executor', () => {
  it.each(['esm', 'cjs'])(
    '(%s) loads picomatch with the first glob rule, the shell analysis with the first command judged and the streamed-arguments parser with the first streamed turn, not before',
    async (format) => {
      const run = await modulesLoadedBy([join(built.directory, `probe-${format}.mjs`)], {
        cwd: built.directory,
      });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        picomatch: { atImport: false, forLiteral: false, forGlob: true },
        glob: { matching: true, other: false },
        shellAnalysis: { atImport: false, forPathRules: false, forCommand: true },
        shell: { plain: true, chained: false },
        calls: [{ status: 'success', content: 'hi' }],
      });
      const mark = (name: string) => run.modules.indexOf(`data:text/javascript,export{}//${name}`);
      const parser = (url: string) => url.includes('/@streamparser/json/');
      expect(run.modules.slice(0, mark('executor-made')).filter(parser)).toEqual([]);
      expect(run.modules.slice(mark('executor-made')).some(parser)).toBe(true);
      // Nor did the ES module loader load picomatch (a static import would pass there).
      expect(run.modules.filter((url) => url.includes('/picomatch/'))).toEqual([]);
      // Both builds require the shell analysis's CommonJS chunk: one copy a process.
      expect(run.modules.filter((url) => url.includes('shell-analysis'))).toEqual([]);
      // The list is not empty by accident: the ESM build's imports pass the hooks.
      if (format === 'esm')
        expect(
          run.modules.slice(0, mark('import-done')).some((url) => url.includes('/contracts/dist/')),
        ).toBe(true);
    },
  );
});
