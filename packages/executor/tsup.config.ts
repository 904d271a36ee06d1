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

const shared = {
  esbuildPlugins: [lazyShellAnalysis],
  splitting: false,
  sourcemap: true,
  target: 'node20',
} satisfies Options;

export default defineConfig([
  {
    ...shared,
    entry: { index: 'src/index.ts' },
    external: ['#shell-analysis'],
    format: ['esm', 'cjs'],
    dts: { entry: { index: 'src/index.ts' } },
    clean: true,
  },
  // shell-analysis is no public entry: the package's `imports` name it (`#shell-analysis`) for the
  // policy, which loads it with `require` from both builds (the rule parser and the policy are
  // synchronous), so only its CommonJS form is built. Its own copy of the few lines it shares with
  // the index: a shared chunk would be one more module for every import to load. Its types come
  // from the source (the `types` condition of `#shell-analysis`).
  {
    ...shared,
    entry: { 'shell-analysis': 'src/permission/shell-command.ts' },
    format: ['cjs'],
  },
]);
