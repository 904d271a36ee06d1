import { defineConfig } from 'tsup';

export default defineConfig({
  // The bin is built beside the library (tsup keeps its shebang and marks it executable); types
  // are emitted for the library entry only.
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm', 'cjs'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  target: 'node20',
  clean: true,
});
