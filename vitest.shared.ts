import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserWorkspaceConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));

/**
 * Tests import sibling packages by their public name. Inside the repo that name resolves to
 * the package's source entry, so a change in `validation` is seen by `contracts` tests without
 * a rebuild. The built output is exercised separately by the pack-and-install tests.
 */
function workspaceSourceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const dir of readdirSync(join(repoRoot, 'packages'))) {
    aliases[`@toolwright/${dir}/testing`] = join(repoRoot, 'packages', dir, 'src', 'testing', 'index.ts');
    aliases[`@toolwright/${dir}`] = join(repoRoot, 'packages', dir, 'src', 'index.ts');
  }
  return aliases;
}

export function sharedProjectConfig(packageUrl: string): UserWorkspaceConfig {
  const packageDir = dirname(fileURLToPath(packageUrl));
  const name = packageDir.slice(repoRoot.length + 1);
  return {
    resolve: { alias: workspaceSourceAliases() },
    test: {
      name,
      root: packageDir,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Type tests (`*.test-d.ts`, expectTypeOf) pin the inferred types of the public API. They
      // are compiled by tsc against the package's tsconfig, so sibling packages come from their
      // built declaration files, as a user sees them. Errors elsewhere in the package are the
      // package typecheck's to report, not a type test's.
      typecheck: {
        enabled: true,
        include: ['src/**/*.test-d.ts'],
        tsconfig: join(packageDir, 'tsconfig.json'),
        ignoreSourceErrors: true,
      },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}
