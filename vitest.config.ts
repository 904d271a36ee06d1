import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'packages/ai-sdk/ai-v7', 'apps/*', 'tests', 'conformance', 'fleet'],
  },
});
