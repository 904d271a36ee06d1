import { defineConfig } from 'tsup';

export default defineConfig({
  // oauth-flows is no public entry: the oauth entry loads it on first use, through the package's
  // `imports` (`#oauth-flows`), which is why that specifier stays external. tsdown has both options.
  entry: ['src/index.ts', 'src/stdio.ts', 'src/oauth.ts', 'src/oauth-flows.ts'],
  external: ['#oauth-flows'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'node20',
  clean: true,
});
