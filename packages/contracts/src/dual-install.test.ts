// Two copies of the package in one process — what a dependency tree with duplicate installs
// gives. The built ESM and CJS outputs are two such copies (each with its own copy of
// @toolwright/validation's classes), loaded natively by Node in a child process.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(packageDir, '.tmp', `dual-install-${process.pid}`);

// Runs in plain Node (no vitest, no source aliases): loads the CJS build with require and the
// ESM build with import(), makes each copy throw, and reports what the other copy recognises.
const probeScript = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const cjs = require('./index.cjs');
const cjsTesting = require('./testing/index.cjs');
const esm = await import('./index.js');
const { Type } = await import('@sinclair/typebox');

const catchError = (run) => { try { run(); } catch (error) { return error; } throw new Error('did not throw'); };
const config = (lib) => ({
  name: 'Probe', kind: lib.ToolKind.ReadOnly, description: 'Probe.',
  schema: Type.Object({ count: Type.Integer() }),
  execute: async () => lib.ToolResults.success('ok'),
});
const cjsDefinitionError = catchError(() => cjs.createTool({ ...config(cjs), name: 'bad name' }));
const esmTool = esm.createTool(config(esm));
const esmValidationError = catchError(() => esmTool.build({ count: 'many' }));
const esmInvocation = esmTool.build({ count: 1 });
const rebuilt = cjs.rebuildInvocation(esmTool, esmInvocation, { count: 2 });
const conformanceError = catchError(() =>
  cjsTesting.assertToolConformance(
    Object.freeze({ ...esmTool, getMetadata: () => ({ ...esmTool.getMetadata(), isRetrySafe: 'no' }) }),
  ),
);
cjsTesting.assertToolConformance(esmTool);

console.log(JSON.stringify({
  distinctCopies: cjs.createTool !== esm.createTool && cjs.ToolwrightError !== esm.ToolwrightError,
  definition: {
    code: cjsDefinitionError.code,
    instanceofOtherCopy: cjsDefinitionError instanceof esm.ToolwrightError,
    baseIsInstance: esm.ToolwrightError.isInstance(cjsDefinitionError),
    classIsInstance: esm.InvalidToolDefinitionError.isInstance(cjsDefinitionError),
    otherClassIsInstance: esm.ToolInvocationError.isInstance(cjsDefinitionError),
  },
  validation: {
    code: esmValidationError.code,
    instanceofOtherCopy: esmValidationError instanceof cjs.ToolValidationError,
    classIsInstance: cjs.ToolValidationError.isInstance(esmValidationError),
    baseIsInstance: cjs.ToolwrightError.isInstance(esmValidationError),
  },
  toolRecognised: cjs.isTool(esmTool),
  invocationRecognised: cjs.isToolInvocation(esmInvocation),
  rebuiltParams: rebuilt.params,
  conformance: {
    isInstance: esm.ToolwrightError.isInstance(conformanceError) && cjsTesting.ToolConformanceError.isInstance(conformanceError),
    rules: conformanceError.failures.map((failure) => failure.rule),
  },
}));
`;

beforeAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await build({
    config: false,
    entry: {
      index: join(packageDir, 'src/index.ts'),
      'testing/index': join(packageDir, 'src/testing/index.ts'),
    },
    format: ['esm', 'cjs'],
    outDir,
    dts: false,
    sourcemap: false,
    target: 'node20',
    silent: true,
    external: ['@toolwright/validation', '@sinclair/typebox'],
  });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'probe.mjs'), probeScript);
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('errors, tools and invocations across duplicate installs', () => {
  it('are recognised by a copy loaded as ESM when made by a copy loaded as CJS, and back', async () => {
    const validationDist = join(packageDir, '..', 'validation', 'dist', 'index.cjs');
    expect(
      existsSync(validationDist),
      `build @toolwright/validation first (npx tsup in packages/validation)`,
    ).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, [join(outDir, 'probe.mjs')], {
      cwd: outDir,
    });
    const observed = JSON.parse(stdout);
    expect(observed.distinctCopies).toBe(true);
    expect(observed.definition).toEqual({
      code: 'invalid_tool_definition',
      instanceofOtherCopy: false,
      baseIsInstance: true,
      classIsInstance: true,
      otherClassIsInstance: false,
    });
    expect(observed.validation).toEqual({
      code: 'validation_failed',
      instanceofOtherCopy: false,
      classIsInstance: true,
      baseIsInstance: true,
    });
    expect(observed.toolRecognised).toBe(true);
    expect(observed.invocationRecognised).toBe(true);
    expect(observed.rebuiltParams).toEqual({ count: 2 });
    // The testing entry ran in plain Node: it does not depend on vitest.
    // Both failures of the one broken rule are listed: a wrong type and a mismatch with the tool.
    expect(observed.conformance).toEqual({
      isInstance: true,
      rules: ['metadata-normalised', 'metadata-normalised'],
    });
  });
});
