import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles the conformance client, with the workspace packages' sources (through this folder's
 * tsconfig paths) and their dependencies, into one ES module in `outDir`, and returns its path.
 * The suite starts the client once per scenario: a bundle starts in well under a second on the
 * machine's Node, where transpiling the sources on every start took ten.
 */
export async function buildConformanceClient(outDir: string): Promise<string> {
  await build({
    entry: { client: join(here, 'client.ts') },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    tsconfig: join(here, 'tsconfig.json'),
    noExternal: [/.*/],
    // Bundled CommonJS dependencies (ajv) still call require; the import is renamed so that it
    // cannot clash with a bundled module's own `createRequire`.
    banner: {
      js: "import { createRequire as createBannerRequire } from 'node:module'; const require = createBannerRequire(import.meta.url);",
    },
    splitting: false,
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
    config: false,
  });
  return join(outDir, 'client.js');
}
