import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Options } from 'tsup';
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
  /**
   * Build as the package's own `tsup.config.ts` says (its entries, plugins and externals), not its
   * `src/index.ts` alone, and give the folder the package's `type` and `imports` (their `./dist/`
   * paths re-rooted to the folder): for an entry that loads a private chunk through the package's
   * `imports` (`#name`), which must then load from this build, not from the package's `dist`.
   */
  readonly packageConfig?: boolean;
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
  const own = options.packageConfig === true ? await packageBuild(options.packageDir) : undefined;
  const common: Options = {
    config: false,
    outDir: directory,
    dts: false,
    sourcemap: false,
    target: 'node20',
    silent: true,
    ...(options.external === undefined
      ? { skipNodeModulesBundle: true }
      : { external: [...options.external] }),
  };
  if (own === undefined) {
    await build({
      ...common,
      entry: { index: join(options.packageDir, 'src/index.ts') },
      format: ['esm', 'cjs'],
    });
  } else {
    // One after the other, as tsup builds a list of configs: only the first may clean the folder.
    for (const config of own.configs)
      await build({ ...config, ...common, format: config.format ?? ['esm', 'cjs'] });
  }
  await mkdir(directory, { recursive: true });
  if (own !== undefined) await writeFile(join(directory, 'package.json'), JSON.stringify(own.manifest));
  for (const [file, source] of Object.entries(options.probes)) await writeFile(join(directory, file), source);
  return { directory, remove: () => rm(directory, { recursive: true, force: true }) };
}

/**
 * The package's tsup configs (one, or the list it exports) with their entries made absolute (tsup
 * reads them from the working directory, which is not the package's in a test), and the manifest
 * of the build folder.
 */
async function packageBuild(packageDir: string): Promise<{
  configs: Options[];
  manifest: { type: string; imports: Record<string, Record<string, string>> };
}> {
  const loaded = (await import(pathToFileURL(join(packageDir, 'tsup.config.ts')).href)) as {
    default: Options | Options[];
  };
  const absolute = (path: string) => (isAbsolute(path) ? path : join(packageDir, path));
  const configs = [loaded.default].flat().map((config) => {
    if (config.entry === undefined || Array.isArray(config.entry))
      throw new Error(
        `${packageDir}/tsup.config.ts: packageConfig needs its entries named ({ index: 'src/index.ts' })`,
      );
    const entry = Object.fromEntries(
      Object.entries(config.entry).map(([name, path]) => [name, absolute(path)]),
    );
    return { ...config, entry };
  });
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    type?: string;
    imports?: Record<string, Record<string, string>>;
  };
  // Only the conditions Node resolves at run time, pointed at this folder rather than `dist`.
  const imports = Object.fromEntries(
    Object.entries(manifest.imports ?? {}).map(([name, conditions]) => [
      name,
      Object.fromEntries(
        Object.entries(conditions)
          .filter(([condition, path]) => condition !== 'types' && path.startsWith('./dist/'))
          .map(([condition, path]) => [condition, `./${path.slice('./dist/'.length)}`]),
      ),
    ]),
  );
  // The package's module type, which this folder's own manifest would otherwise reset.
  return { configs, manifest: { type: manifest.type ?? 'commonjs', imports } };
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
