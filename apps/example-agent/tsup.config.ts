import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/cli.ts', 'src/index.ts'],
  format: ['esm'],
  dts: false,
  sourcemap: true,
  target: 'node20',
  clean: true,
  // The GenAI semantic-convention names are inlined (a few strings; src/telemetry/gen-ai-names.ts),
  // so the package is a build-time dependency only. tsdown has the same option.
  noExternal: ['@opentelemetry/semantic-conventions'],
});
