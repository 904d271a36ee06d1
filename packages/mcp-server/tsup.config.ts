import { defineConfig } from 'tsup';

export default defineConfig({
  // The bin is built beside the library (tsup keeps its shebang and marks it executable); types
  // are emitted for the library entry only.
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm', 'cjs'],
  // The public types name Node's (Buffer, streams, HTTP headers): @types/node is a dependency,
  // and this line makes the declaration files load it even for a consumer whose tsconfig says
  // `types: []` (rollup's declaration bundling drops a reference written in the source).
  dts: { entry: 'src/index.ts', banner: '/// <reference types="node" />' },
  sourcemap: true,
  target: 'node20',
  clean: true,
});
