import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/private-files.ts', 'src/telemetry.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'node20',
  clean: true,
  // The semantic-convention names are inlined (a few strings), so their package is a build-time
  // dependency only. tsdown has the same option.
  noExternal: ['@opentelemetry/semantic-conventions'],
});
