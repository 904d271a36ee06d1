import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedProjectConfig } from '../../../vitest.shared.js';

/**
 * The bridge under AI SDK 7 (`ai` 7 needs Node 22): the same sources as `packages/ai-sdk`, with
 * `ai` and the OpenAI-compatible provider resolved to their 7.x line (the `ai-v7` and
 * `@ai-sdk/openai-compatible-v3` dev aliases), so the bridge imports `ai` 7 as a user's install
 * would give it. A project of its own because an alias holds for a whole project: the package's
 * own project keeps testing `ai` 6. On Node 20 every test here is skipped, with the reason.
 */
const shared = sharedProjectConfig(new URL('../vitest.config.ts', import.meta.url).href);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export default defineProject({
  ...shared,
  resolve: {
    alias: [
      { find: /^ai$/, replacement: 'ai-v7' },
      { find: /^ai\/test$/, replacement: 'ai-v7/test' },
      { find: /^@ai-sdk\/openai-compatible$/, replacement: '@ai-sdk/openai-compatible-v3' },
      ...((shared.resolve?.alias as Array<{ find: RegExp; replacement: string }> | undefined) ?? []),
    ],
  },
  test: {
    ...shared.test,
    name: 'packages/ai-sdk/ai-v7',
    root: packageDir,
    include: ['ai-v7/**/*.test.ts'],
    typecheck: { enabled: false },
  },
});
