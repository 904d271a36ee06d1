// The API is an optional peer: these run the built entry in plain Node, once with
// `@opentelemetry/api` installed (this workspace) and once with it made unresolvable by a module
// hook, which is what a project that never installed it sees.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
let scratch: string;

const HIDE_API_HOOK = `
export async function resolve(specifier, context, next) {
  if (specifier === '@opentelemetry/api' || specifier.startsWith('@opentelemetry/api/')) {
    const error = new Error("Cannot find package '@opentelemetry/api'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}
`;

/** Loads the entry twice in a row and reports what it saw; `entry` is the ESM or CJS build. */
function probe(entry: 'telemetry.js' | 'telemetry.cjs'): string {
  const load =
    entry === 'telemetry.js'
      ? `await import(${JSON.stringify(pathToFileURL(join(dist, entry)).href)})`
      : `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(join(dist, entry))})`;
  return `
const telemetry = ${load};
const before = { settled: telemetry.openTelemetrySettled(), sync: telemetry.openTelemetry() };
const first = await telemetry.loadOpenTelemetry();
const again = await telemetry.loadOpenTelemetry();
console.log(JSON.stringify({
  settledBefore: before.settled,
  syncBefore: before.sync === undefined,
  loaded: first !== undefined && typeof first.trace?.getTracer === 'function',
  sameModule: first === again && first === telemetry.openTelemetry(),
  settledAfter: telemetry.openTelemetrySettled(),
}));
`;
}

async function run(entry: 'telemetry.js' | 'telemetry.cjs', hideApi: boolean): Promise<unknown> {
  const script = join(scratch, `probe-${entry}.mjs`);
  await writeFile(script, probe(entry));
  const hook = pathToFileURL(join(scratch, 'hide-api.mjs')).href;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hook)});`;
  const args = hideApi
    ? ['--import', `data:text/javascript,${encodeURIComponent(register)}`, script]
    : [script];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dist });
  return JSON.parse(stdout);
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'toolwright-otel-'));
  await writeFile(join(scratch, 'hide-api.mjs'), HIDE_API_HOOK);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.each(['telemetry.js', 'telemetry.cjs'] as const)('the %s build', (entry) => {
  it('loads the installed API once, and only when asked', async () => {
    expect(await run(entry, false)).toEqual({
      settledBefore: false,
      syncBefore: true,
      loaded: true,
      sameModule: true,
      settledAfter: true,
    });
  });

  it('settles on nothing, without an error, where the API is not installed', async () => {
    expect(await run(entry, true)).toEqual({
      settledBefore: false,
      syncBefore: true,
      loaded: false,
      sameModule: true,
      settledAfter: true,
    });
  });
});
