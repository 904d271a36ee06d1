import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The built policy loads the shell analysis on first use, from its own chunk: this puts
 * `shell-analysis-lazy.ts` (which `require`s `#shell-analysis`) in the place of
 * `shell-analysis-eager.ts` (a static import, which the sources and their tests keep).
 */
const lazyShellAnalysis: Plugin = {
  name: 'lazy-shell-analysis',
  setup(build) {
    build.onResolve({ filter: /^\.\/shell-analysis-eager\.js$/ }, (args) => ({
      path: join(args.resolveDir, 'shell-analysis-lazy.ts'),
    }));
  },
};

export default defineConfig({
  // shell-analysis is no public entry: the package's `imports` name it (`#shell-analysis`) for the
  // policy's `require`. No splitting: a chunk shared by both entries would be one more module for
  // every import to load, for the few lines they share.
  entry: { index: 'src/index.ts', 'shell-analysis': 'src/permission/shell-command.ts' },
  external: ['#shell-analysis'],
  esbuildPlugins: [lazyShellAnalysis],
  splitting: false,
  format: ['esm', 'cjs'],
  // Declarations for the public entry only (the chunk's types come from the source, the `types`
  // condition of `#shell-analysis`).
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  target: 'node20',
  clean: true,
});
