import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The bundled bin and the config modules it can serve. */
export interface BinUnderTest {
  /** `dist`-like `bin.js` of the current sources. */
  readonly bin: string;
  /** The sample tools' config module. */
  readonly sampleServer: string;
  /** The conformance fixture's config module. */
  readonly fixtureServer: string;
  /** A config module whose tool makes a span of its own (see traced-tools.ts). */
  readonly tracedServer: string;
}

let built: Promise<BinUnderTest> | undefined;

/**
 * Bundles the current `src/bin.ts` and the config modules once per test process, as the real
 * build does (siblings and SDKs stay external and resolve through node_modules), into the
 * git-ignored `.tmp/` of this package: spawning a bundle starts in well under a second, where
 * transpiling the sources on every spawn took several. One build with shared chunks, so the bin
 * and a config module share one copy of this package's code.
 */
export function binUnderTest(): Promise<BinUnderTest> {
  built ??= (async () => {
    const outDir = join(packageDirectory, '.tmp', `bin-under-test-${process.pid}`);
    rmSync(outDir, { recursive: true, force: true });
    await build({
      entry: {
        bin: join(packageDirectory, 'src', 'bin.ts'),
        'sample-server': join(packageDirectory, 'src', 'test-support', 'sample-server.ts'),
        'fixture-server': join(packageDirectory, 'conformance', 'fixture-server.ts'),
        'traced-server': join(packageDirectory, 'src', 'test-support', 'traced-server.ts'),
      },
      outDir,
      format: ['esm'],
      target: 'node20',
      silent: true,
      config: false,
      splitting: true,
      skipNodeModulesBundle: true,
    });
    return {
      bin: join(outDir, 'bin.js'),
      sampleServer: join(outDir, 'sample-server.js'),
      fixtureServer: join(outDir, 'fixture-server.js'),
      tracedServer: join(outDir, 'traced-server.js'),
    };
  })();
  return built;
}

/** Removes the bundle built for this test process (call it from `afterAll`). */
export async function removeBinUnderTest(): Promise<void> {
  if (built === undefined) return;
  const bundle = await built.catch(() => undefined);
  built = undefined;
  if (bundle !== undefined) rmSync(dirname(bundle.bin), { recursive: true, force: true });
}
