// What importing the package loads. Ajv is most of what it used to cost every package above it
// at start-up, and only a foreign JSON Schema needs it: it loads on the first one compiled. The
// built ESM and CJS outputs are loaded natively by Node in a child process.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { modulesLoadedBy } from '@toolwright/test-support';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const outDir = join(packageDir, '.tmp', `start-up-imports-${process.pid}`);

// Imports the build, reports whether Ajv was loaded, parses with a JSON Schema, reports again.
const probe = (entry: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loadedAjv = () => Object.keys(require.cache).some((path) => path.includes('/node_modules/ajv/'));
const validation = ${entry === 'index.cjs' ? "require('./index.cjs')" : "await import('./index.js')"};
const before = loadedAjv();
const schema = validation.compileJsonSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
const parsed = schema.parse({ n: 3 });
let code;
try { schema.parse({ n: 'x' }); } catch (error) { code = error.code; }
console.log(JSON.stringify({ before, after: loadedAjv(), parsed: parsed.value, code }));
`;

beforeAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await build({
    config: false,
    entry: { index: join(packageDir, 'src/index.ts') },
    format: ['esm', 'cjs'],
    outDir,
    dts: false,
    sourcemap: false,
    target: 'node20',
    silent: true,
    skipNodeModulesBundle: true,
  });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'probe-esm.mjs'), probe('index.js'));
  await writeFile(join(outDir, 'probe-cjs.mjs'), probe('index.cjs'));
}, 60_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('importing @toolwright/validation', () => {
  it.each(['esm', 'cjs'])('(%s) loads Ajv on the first JSON Schema compiled, not before', async (format) => {
    const run = await modulesLoadedBy([join(outDir, `probe-${format}.mjs`)], { cwd: outDir });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as {
      before: boolean;
      after: boolean;
      parsed: unknown;
      code: string;
    };
    expect(report).toEqual({ before: false, after: true, parsed: { n: 3 }, code: 'validation_failed' });
    // Nor did the ES module loader load it (a static import of Ajv would pass there first).
    const ajvBeforeParse = run.modules.filter((url) => url.includes('/node_modules/ajv/'));
    expect(ajvBeforeParse).toEqual([]);
  });
});
