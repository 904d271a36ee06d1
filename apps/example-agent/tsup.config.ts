import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/cli.ts', 'src/index.ts'],
  format: ['esm'],
  dts: false,
  sourcemap: true,
  target: 'node20',
  clean: true,
});
