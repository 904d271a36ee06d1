import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Tool } from '@toolwright/contracts';
import { build } from 'tsup';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

const appDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDirectory = join(appDirectory, '.tmp', `grep-bundled-${process.pid}`);
const workspace = makeTemporaryDirectory('grep-bundled');
afterAll(() => {
  workspace.remove();
  rmSync(outDirectory, { recursive: true, force: true });
});

/**
 * Grep's worker program travels as the text of a function, so what the bundler does to that
 * function is what the worker runs (a literal `require(...)` once became esbuild's `__require`,
 * which the worker does not have). The other tests run the TypeScript source; this one bundles
 * the tool as the real build does and runs the bundle.
 */
describe('Grep from a tsup bundle', () => {
  it('searches, refuses a bad pattern, and stops on abort', async () => {
    await build({
      entry: { 'grep-tool': join(appDirectory, 'src', 'tools', 'grep-tool.ts') },
      outDir: outDirectory,
      format: ['esm'],
      target: 'node20',
      silent: true,
      config: false,
      skipNodeModulesBundle: true,
    });
    const bundled = (await import(pathToFileURL(join(outDirectory, 'grep-tool.js')).href)) as {
      createGrepTool(root: string): Tool;
    };
    writeFileSync(join(workspace.path, 'a.txt'), 'hello TODO\n');
    writeFileSync(join(workspace.path, 'long.txt'), `${'x'.repeat(4000)}\n`.repeat(8));
    const grep = bundled.createGrepTool(workspace.path);
    const context = (signal: AbortSignal) => ({ signal, sessionId: 's', workspaceRoot: workspace.path });
    const found = await grep
      .build({ pattern: 'TODO', output_mode: 'content' })
      .execute(context(new AbortController().signal));
    expect(found.llmContent).toBe('a.txt:1:hello TODO');
    const refused = await grep.build({ pattern: '(a)\\1' }).execute(context(new AbortController().signal));
    expect(refused.error?.type).toBe('validation');
    const controller = new AbortController();
    const hostile = grep.build({ pattern: '.{1000}'.repeat(10) }).execute(context(controller.signal));
    // Whenever the abort lands, the verdict is the same: the match (which would run for minutes)
    // is stopped and the call rejects; a bundle that lost its worker would resolve or hang.
    setTimeout(() => controller.abort(), 100);
    await expect(hostile).rejects.toMatchObject({ name: 'AbortError' });
  });
});
