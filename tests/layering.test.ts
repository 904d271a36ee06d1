import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listWorkspacePackages, repoRoot, workspaceRuntimeDependencies } from './support/workspace.js';

/**
 * The layering of docs/architecture.md: each package may depend only on the packages listed here.
 * `utils <- spec <- validation <- contracts <- registry <- mcp-adapter -> artifacts`,
 * `mcp-client <- mcp-adapter` (the client never reaches the registry or the contracts),
 * `spec <- artifacts <- redis`, `contracts <- executor`; the example agent uses all.
 * A new package must be added here deliberately, with the layer it belongs to.
 */
const ALLOWED_WORKSPACE_DEPENDENCIES: Record<string, readonly string[]> = {
  // The shared leaf: option checks, did-you-mean, canonical JSON, previews. Depends on nothing.
  '@toolwright/utils': [],
  // The workspace's shared test helpers: private, never published, a devDependency only.
  '@toolwright/test-support': [],
  // The versioned interfaces every package speaks; type-only but for markers and version adapters.
  '@toolwright/spec': ['@toolwright/utils'],
  '@toolwright/validation': ['@toolwright/spec', '@toolwright/utils'],
  '@toolwright/artifacts': ['@toolwright/spec', '@toolwright/utils'],
  '@toolwright/contracts': ['@toolwright/spec', '@toolwright/utils', '@toolwright/validation'],
  '@toolwright/registry': [
    '@toolwright/contracts',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // The MCP client runtime: never the registry nor the contracts. Its OAuth tokens and folder
  // trust records are utils' private files; an elicitation's answer is checked by the check its
  // host gives (the adapter's is built on validation). The spec, for OAuthCredentialStoreV1: a
  // fleet's workers share their OAuth tokens through a store the host gives (Redis), and the
  // client takes it through the spec's interface and adapter, knowing no store package.
  '@toolwright/mcp-client': ['@toolwright/spec', '@toolwright/utils'],
  '@toolwright/mcp-adapter': [
    '@toolwright/artifacts',
    '@toolwright/contracts',
    '@toolwright/mcp-client',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // Shared state for a fleet, on Redis: implements the spec's store interfaces, and nothing else.
  // Its artifact store takes the local store's request check, quota words and spill from
  // artifacts (a leaf above spec), so that both stores behave and word alike without a copy.
  '@toolwright/redis': ['@toolwright/artifacts', '@toolwright/spec', '@toolwright/utils'],
  // The executor reaches the artifact store only through the spec's ArtifactSinkV1, and takes
  // ToolMode from the spec, not from the registry.
  '@toolwright/executor': [
    '@toolwright/contracts',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // The AI SDK bridge: a registry's tools as a ToolSet, run through the executor.
  '@toolwright/ai-sdk': [
    '@toolwright/contracts',
    '@toolwright/executor',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // The OpenAI Agents JS bridge: a registry's tools as function tools, run through the executor.
  '@toolwright/openai-agents': [
    '@toolwright/contracts',
    '@toolwright/executor',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // The LangChain bridge: a registry's tools as structured tools and a createAgent middleware,
  // run through the executor.
  '@toolwright/langchain': [
    '@toolwright/contracts',
    '@toolwright/executor',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // Serves a registry over MCP; every call runs through the executor's runner (a host's
  // ToolExecutor, reached through a structural interface, or the executor's ToolCallRunner).
  '@toolwright/mcp-server': [
    '@toolwright/artifacts',
    '@toolwright/contracts',
    '@toolwright/executor',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
  // The app composes them all; it runs mcp-server's bin as the demo's own MCP server.
  '@toolwright/example-agent': [
    '@toolwright/artifacts',
    '@toolwright/contracts',
    '@toolwright/executor',
    '@toolwright/mcp-adapter',
    '@toolwright/mcp-client',
    '@toolwright/mcp-server',
    '@toolwright/redis',
    '@toolwright/registry',
    '@toolwright/spec',
    '@toolwright/utils',
    '@toolwright/validation',
  ],
};

const packages = listWorkspacePackages();
const workspaceNames = new Set(packages.map((pkg) => pkg.name));

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      // Tests (`.test.ts`, type tests `.test-d.ts`) and their helpers (`src/test-support/`, left
      // out of every published package) may use dev dependencies.
      if (statSync(path).isDirectory()) {
        if (entry !== 'test-support') pending.push(path);
      } else if (/\.(ts|mts|cts|js|mjs)$/.test(entry) && !/\.test(-d)?\.ts$/.test(entry)) files.push(path);
    }
  }
  return files;
}

/** Every `@toolwright/...` specifier that a source file imports, re-exports or requires. */
function importedWorkspaceSpecifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = new Set<string>();
  for (const match of text.matchAll(
    /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](@toolwright\/[^'"]+)['"]/g,
  )) {
    specifiers.add(match[1] as string);
  }
  return [...specifiers];
}

/** The subpaths a workspace package publishes in its `exports` (`./testing`, `./stdio`, ...). */
function publicEntries(packageName: string): Set<string> {
  const pkg = packages.find((entry) => entry.name === packageName);
  const exportsField = (pkg?.manifest as { exports?: Record<string, unknown> } | undefined)?.exports ?? {};
  return new Set(Object.keys(exportsField).filter((key) => key !== '.' && key !== './package.json'));
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('workspace layering', () => {
  it('knows every workspace package (a new package must be placed in a layer)', () => {
    const unknown = packages
      .map((pkg) => pkg.name)
      .filter((name) => !(name in ALLOWED_WORKSPACE_DEPENDENCIES));
    expect(unknown, 'add these packages to ALLOWED_WORKSPACE_DEPENDENCIES in tests/layering.test.ts').toEqual(
      [],
    );
  });

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))(
    '%s declares only the workspace dependencies its layer allows',
    (_name, pkg) => {
      const allowed = new Set(ALLOWED_WORKSPACE_DEPENDENCIES[pkg.name] ?? []);
      const forbidden = workspaceRuntimeDependencies(pkg, workspaceNames).filter(
        (name) => !allowed.has(name),
      );
      expect(forbidden, `${pkg.dir}/package.json points the wrong way`).toEqual([]);
    },
  );

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))(
    '%s imports only declared workspace packages, through their public entries',
    (_name, pkg) => {
      const declared = new Set(workspaceRuntimeDependencies(pkg, workspaceNames));
      const problems: string[] = [];
      for (const file of sourceFiles(join(repoRoot, pkg.dir, 'src'))) {
        for (const specifier of importedWorkspaceSpecifiers(file)) {
          const [scope, name, ...subpath] = specifier.split('/');
          const packageName = `${scope}/${name}`;
          const relative = file.slice(repoRoot.length + 1);
          if (packageName === pkg.name)
            problems.push(`${relative} imports its own package by name (${specifier})`);
          else if (!declared.has(packageName))
            problems.push(`${relative} imports ${specifier}, which ${pkg.name} does not declare`);
          if (subpath.length > 0 && !publicEntries(packageName).has(`./${subpath.join('/')}`))
            problems.push(`${relative} deep-imports ${specifier}; only public entries are allowed`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('has no dependency cycle', () => {
    const graph = new Map(
      packages.map((pkg) => [pkg.name, workspaceRuntimeDependencies(pkg, workspaceNames)]),
    );
    expect(findCycle(graph)).toBeUndefined();
  });

  it('detects a cycle when one is introduced (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
