import { defineConfig } from 'tsup';

const publicEntries = ['src/index.ts', 'src/stdio.ts', 'src/oauth.ts'];

export default defineConfig({
  // oauth-flows is no public entry: the oauth entry loads it on first use, through the package's
  // `imports` (`#oauth-flows`), which is why that specifier stays external. tsdown has both options.
  entry: [...publicEntries, 'src/oauth-flows.ts'],
  external: ['#oauth-flows'],
  format: ['esm', 'cjs'],
  // Declarations for the public entries only: a declaration of oauth-flows would split the
  // connection types into a shared chunk beside them (its types come from the source, the
  // `types` condition of `#oauth-flows`).
  dts: { entry: publicEntries },
  sourcemap: true,
  target: 'node20',
  clean: true,
});
