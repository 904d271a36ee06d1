import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/private-files.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'node20',
  clean: true,
});
