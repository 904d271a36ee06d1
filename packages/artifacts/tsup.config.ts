import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The public types name Node's (Buffer, streams, HTTP headers): @types/node is a dependency,
  // and this line makes the declaration files load it even for a consumer whose tsconfig says
  // `types: []` (rollup's declaration bundling drops a reference written in the source).
  dts: { banner: '/// <reference types="node" />' },
  sourcemap: true,
  target: 'node20',
  clean: true,
});
