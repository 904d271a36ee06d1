import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Options of {@link buildEntryWithProbes}. */
export interface BuiltEntryOptions {
  /** The package folder: its `src/index.ts` is built, into `.tmp/<name>-<pid>` inside it. */
  readonly packageDir: string;
  readonly name: string;
  /** Scripts written beside the build (`probe-esm.mjs` → its source), run by the test with plain Node. */
  readonly probes: Readonly<Record<string, string>>;
  /** What stays an import rather than bundled; default every dependency (tsup's `skipNodeModulesBundle`). */
  readonly external?: ReadonlyArray<string | RegExp>;
}

/** A package's entry built as Node loads it from npm, in a scratch folder; `remove()` deletes it. */
export interface BuiltEntry {
  /** Holds `index.js` (ESM), `index.cjs` (CJS) and the probes. */
  readonly directory: string;
  remove(): Promise<void>;
}

/**
 * Builds a package's `src/index.ts` to ESM and CJS, as its published `dist` is, inside the
 * package (so its dependencies resolve from its own node_modules), with probe scripts beside it:
 * for tests that load the real outputs in a child process — what an import loads, two copies in
 * one process. tsup loads only when this runs, not with this module.
 */
export async function buildEntryWithProbes(options: BuiltEntryOptions): Promise<BuiltEntry> {
  const directory = join(options.packageDir, '.tmp', `${options.name}-${process.pid}`);
  await rm(directory, { recursive: true, force: true });
  const { build } = await import('tsup');
  await build({
    config: false,
    entry: { index: join(options.packageDir, 'src/index.ts') },
    format: ['esm', 'cjs'],
    outDir: directory,
    dts: false,
    sourcemap: false,
    target: 'node20',
    silent: true,
    ...(options.external === undefined
      ? { skipNodeModulesBundle: true }
      : { external: [...options.external] }),
  });
  await mkdir(directory, { recursive: true });
  for (const [file, source] of Object.entries(options.probes)) await writeFile(join(directory, file), source);
  return { directory, remove: () => rm(directory, { recursive: true, force: true }) };
}

/**
 * {@link buildEntryWithProbes} for the tests of one file: built before them (`beforeAll`, within a
 * minute), removed after them (`afterAll`). Its `directory` is readable from the tests on.
 */
export function builtEntryForThisFile(options: BuiltEntryOptions): { readonly directory: string } {
  let built: BuiltEntry | undefined;
  beforeAll(async () => {
    built = await buildEntryWithProbes(options);
  }, 60_000);
  afterAll(async () => {
    await built?.remove();
  });
  return {
    get directory(): string {
      if (built === undefined)
        throw new Error(`${options.name}: the entry is built in beforeAll; read it from a test`);
      return built.directory;
    },
  };
}
