import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { UserWorkspaceConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));

/** The names of the subpath entries (`./<name>`) in a package's `exports`. */
function exportedSubpaths(dir: string): string[] {
  const manifest = join(repoRoot, 'packages', dir, 'package.json');
  if (!existsSync(manifest)) return [];
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> })
    .exports;
  return Object.keys(exports ?? {})
    .filter((key) => /^\.\/[a-z][a-z-]*$/.test(key) && key !== './testing')
    .map((key) => key.slice(2));
}

/**
 * Tests import sibling packages by their public name. Inside the repo that name resolves to
 * the package's source entry, so a change in `validation` is seen by `contracts` tests without
 * a rebuild. The built output is exercised separately by the pack-and-install tests.
 */
function workspaceSourceAliases(): Array<{ find: RegExp; replacement: string }> {
  const aliases: Array<{ find: RegExp; replacement: string }> = [];
  for (const dir of readdirSync(join(repoRoot, 'packages'))) {
    // Whole names only: another subpath (`@toolwright/test-support/http-mcp-server`) resolves
    // through the package's own `exports`.
    aliases.push({
      find: new RegExp(`^@toolwright/${dir}/testing$`),
      replacement: join(repoRoot, 'packages', dir, 'src', 'testing', 'index.ts'),
    });
    // Every subpath entry the package exports that is built from `src/<name>.ts` (mcp-client's
    // `./stdio` and `./oauth`, utils' `./private-files`): one copy of the code, the source, whichever
    // entry a test imports it through.
    for (const entry of exportedSubpaths(dir)) {
      if (existsSync(join(repoRoot, 'packages', dir, 'src', `${entry}.ts`))) {
        aliases.push({
          find: new RegExp(`^@toolwright/${dir}/${entry}$`),
          replacement: join(repoRoot, 'packages', dir, 'src', `${entry}.ts`),
        });
      }
    }
    aliases.push({
      find: new RegExp(`^@toolwright/${dir}$`),
      replacement: join(repoRoot, 'packages', dir, 'src', 'index.ts'),
    });
    aliases.push(...privateImportAliases(dir));
  }
  return aliases;
}

/**
 * A package's private modules that it loads on first use through its `imports` (mcp-client's
 * `#oauth-flows`), resolved to their source as the `types` condition names it: the built file the
 * other conditions name would be a second, possibly stale, copy of the code beside the source.
 * The names are the package's own; one used by two packages would need a resolver per importer.
 */
function privateImportAliases(dir: string): Array<{ find: RegExp; replacement: string }> {
  const manifest = join(repoRoot, 'packages', dir, 'package.json');
  if (!existsSync(manifest)) return [];
  const imports = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: Record<string, { types?: string }> }
  ).imports;
  return Object.entries(imports ?? {}).flatMap(([name, conditions]) =>
    conditions.types?.startsWith('./src/') === true
      ? [{ find: new RegExp(`^${name}$`), replacement: join(repoRoot, 'packages', dir, conditions.types) }]
      : [],
  );
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
      // are compiled by tsc with the package's settings, so sibling packages come from their
      // built declaration files, as a user sees them. Only the type tests and what they import
      // are compiled (`tsconfig.type-tests.json`), not the package's unit tests and benches:
      // errors elsewhere in the package are the package typecheck's to report, and compiling
      // all of it made the type check the slowest part of a one-package run.
      typecheck: {
        enabled: true,
        include: ['src/**/*.test-d.ts'],
        tsconfig: join(packageDir, 'tsconfig.type-tests.json'),
        ignoreSourceErrors: true,
      },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // pnpm's `node_modules/.bin/vitest` exports NODE_PATH with pnpm's hidden hoisted folder, so
      // every process a test spawns could resolve packages no package.json gives it: a bundle's
      // `require('ajv')` passed locally and failed in CI, which runs vitest without the shim. The
      // tests' children see what a user's do.
      env: { NODE_PATH: '' },
    },
  };
}

/**
 * A project of the repository's heavy suites, run once, on the machine's Node, not on every Node
 * the packages' unit tests run on: the test files `include` matches across the packages (their
 * `conformance/` or `fleet/` folders), with the packages' shared settings and no type tests.
 */
export function runOnceProjectConfig(name: string, include: readonly string[]): UserWorkspaceConfig {
  const shared = sharedProjectConfig(pathToFileURL(join(repoRoot, name, 'vitest.config.ts')).href);
  return {
    ...shared,
    test: { ...shared.test, name, root: repoRoot, include: [...include], typecheck: { enabled: false } },
  };
}
