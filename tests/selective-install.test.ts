// Each schema library is an optional peer of @toolwright/contracts and @toolwright/validation.
// Installed from their tarballs into a project with exactly one schema library, contracts must
// load, create a tool from that library's schema and build an invocation: nothing may import a
// library that is not installed. So is @opentelemetry/api, of every package that makes spans:
// the executor, installed beside contracts in one of these projects, runs a call without it, and
// no @opentelemetry package is installed at all (the semantic-convention names are bundled).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnvironment } from './support/pack.js';
import { repoRoot } from './support/workspace.js';

const pnpmBin = join(repoRoot, 'node_modules', '.bin', 'pnpm');
const packed = ['utils', 'spec', 'validation', 'contracts', 'executor'] as const;
/** The one schema library whose project also gets the executor (its own tests use it). */
const WITH_EXECUTOR = '@sinclair/typebox';
const tarballs: Record<string, string> = {};
let packDir: string;

const contractsManifest = JSON.parse(
  readFileSync(join(repoRoot, 'packages/contracts/package.json'), 'utf8'),
) as {
  devDependencies: Record<string, string>;
};
const SCHEMA_LIBRARIES = [
  '@sinclair/typebox',
  'typebox',
  'zod',
  'valibot',
  '@valibot/to-json-schema',
  'arktype',
];

beforeAll(() => {
  // Only these packages (the tarballs must hold the current sources, so build them first).
  execFileSync(
    pnpmBin,
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@toolwright/contracts...',
      '--filter=@toolwright/executor...',
      '--output-logs=errors-only',
    ],
    {
      cwd: repoRoot,
      stdio: 'pipe',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    },
  );
  packDir = makeTempDir('toolwright-selective-packs');
  for (const name of packed) {
    // pnpm pack rewrites workspace:^ to the real version, as publishing does (npm pack would not).
    const output = execFileSync(pnpmBin, ['pack', '--pack-destination', packDir, '--json'], {
      cwd: join(repoRoot, 'packages', name),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    tarballs[`@toolwright/${name}`] = (JSON.parse(output) as { filename: string }).filename;
  }
});

/** A project with contracts (its toolwright dependencies from the tarballs) and `library` only. */
function installWith(library: string): string {
  const project = makeTempDir(`toolwright-only-${library.replace(/\W/g, '-')}`);
  const version = contractsManifest.devDependencies[library];
  if (version === undefined) throw new Error(`no dev version of ${library} in contracts`);
  const manifest = {
    name: 'selective-install-probe',
    private: true,
    type: 'module',
    dependencies: {
      '@toolwright/contracts': `file:${tarballs['@toolwright/contracts']}`,
      ...(library === WITH_EXECUTOR
        ? { '@toolwright/executor': `file:${tarballs['@toolwright/executor']}` }
        : {}),
      [library]: version,
    },
    overrides: Object.fromEntries(
      Object.entries(tarballs).map(([name, tarball]) => [name, `file:${tarball}`]),
    ),
  };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], {
    cwd: project,
    stdio: 'pipe',
    env: cleanEnvironment(),
  });
  return project;
}

const schemaSource: Record<string, string> = {
  zod: `import { z } from 'zod';
    const schema = z.object({ path: z.string().min(1), limit: z.number().int().default(10) });`,
  typebox: `import Type from 'typebox';
    const schema = Type.Object({ path: Type.String({ minLength: 1 }), limit: Type.Optional(Type.Integer({ default: 10 })) });`,
  '@sinclair/typebox': `import { Type } from '@sinclair/typebox';
    const schema = Type.Object({ path: Type.String({ minLength: 1 }), limit: Type.Optional(Type.Integer({ default: 10 })) });`,
};

// ES module and CommonJS entries both: each must load without the libraries that are absent.
const probe = (library: string) => `
${schemaSource[library]}
import { createRequire } from 'node:module';
const esm = await import('@toolwright/contracts');
const cjs = createRequire(import.meta.url)('@toolwright/contracts');
const results = {};
for (const [label, lib] of [['esm', esm], ['cjs', cjs]]) {
  const tool = lib.createTool({
    name: 'Read', kind: lib.ToolKind.ReadOnly, description: 'Reads a file.', schema,
    execute: async (params) => lib.ToolResults.success(params.path),
  });
  const invocation = tool.build({ path: 'a.txt', limit: '5' });
  let refusal;
  try { tool.build({ path: '', lmit: 1 }); } catch (error) { refusal = { code: error.code, paths: error.issues.map((issue) => issue.path) }; }
  results[label] = {
    source: tool.validator.source,
    params: invocation.params,
    frozen: Object.isFrozen(invocation.params),
    coercions: invocation.coercions.map((coercion) => coercion.kind),
    refusal,
    declared: Object.keys(tool.getFunctionDeclaration('openai-chat').parameters.properties),
  };
}
console.log(JSON.stringify(results));
`;

// The executor runs one call of a typebox tool, ESM and CJS, with telemetry on (the default).
const executorProbe = `
import { Type } from '@sinclair/typebox';
import { createRequire } from 'node:module';
const schema = Type.Object({ path: Type.String() });
const results = {};
for (const [label, contracts, executor] of [
  ['esm', await import('@toolwright/contracts'), await import('@toolwright/executor')],
  ['cjs', createRequire(import.meta.url)('@toolwright/contracts'), createRequire(import.meta.url)('@toolwright/executor')],
]) {
  const tool = contracts.createTool({
    name: 'Echo', kind: contracts.ToolKind.ReadOnly, description: 'Echoes.', schema,
    execute: async (params) => contracts.ToolResults.success('echo ' + params.path),
  });
  const runner = new executor.ToolCallRunner({
    lookup: (name) => (name === 'Echo' ? tool : undefined), sessionId: 'probe', workspaceRoot: process.cwd(),
  });
  const executed = await runner.run({ id: 'c1', name: 'Echo', arguments: { path: 'a.txt' } });
  results[label] = { status: executed.status, content: executed.content };
}
console.log(JSON.stringify(results));
`;

describe.each(['zod', 'typebox', '@sinclair/typebox'])('contracts installed with only %s', (library) => {
  it('creates a tool from its schema and builds an invocation, importing no absent library', () => {
    const project = installWith(library);
    for (const other of SCHEMA_LIBRARIES) {
      expect(existsSync(join(project, 'node_modules', other)), `${other} installed`).toBe(other === library);
    }
    writeFileSync(join(project, 'probe.mjs'), probe(library));
    const output = execFileSync(process.execPath, ['probe.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: cleanEnvironment(),
    });
    const results = JSON.parse(output.trim().split('\n').pop() as string) as Record<string, unknown>;
    const expected = {
      source: library === 'zod' ? 'standard-schema' : 'typebox',
      params: { path: 'a.txt', limit: 5 },
      frozen: true,
      coercions: ['string-to-integer'],
      refusal: { code: 'validation_failed', paths: expect.arrayContaining(['/path', '/lmit']) },
      declared: ['path', 'limit'],
    };
    expect(results).toEqual({ esm: expected, cjs: expected });
    if (library !== WITH_EXECUTOR) return;

    // Without @opentelemetry/api: nothing of OpenTelemetry installed, and a call runs all the same.
    expect(existsSync(join(project, 'node_modules', '@opentelemetry')), '@opentelemetry installed').toBe(
      false,
    );
    writeFileSync(join(project, 'executor-probe.mjs'), executorProbe);
    const ran = execFileSync(process.execPath, ['executor-probe.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: cleanEnvironment(),
    });
    const echoed = { status: 'success', content: 'echo a.txt' };
    expect(JSON.parse(ran.trim().split('\n').pop() as string)).toEqual({ esm: echoed, cjs: echoed });
  });
});
