import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type PackedPackage, packPublishablePackages, runCommand } from './support/pack.js';
import { listWorkspacePackages, repoRoot } from './support/workspace.js';

const publishable = listWorkspacePackages().filter((pkg) => !pkg.private);
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const typesNodeRange: string = rootManifest.devDependencies['@types/node'];
/** The MCP SDK v2 package each MCP package builds on: the client for the adapter, the server for the server. */
const SDK_OF: Readonly<Record<string, string>> = {
  '@toolwright/mcp-client': '@modelcontextprotocol/client',
  '@toolwright/mcp-adapter': '@modelcontextprotocol/client',
  '@toolwright/mcp-server': '@modelcontextprotocol/server',
};

/**
 * Where a package's declarations reach the SDK's types through another workspace package (the
 * adapter's `connection(server).client` is mcp-client's): it still takes the SDK as a peer, so
 * that the host's one copy serves both.
 */
const SDK_TYPES_THROUGH: Readonly<Record<string, string>> = {
  '@toolwright/mcp-adapter': '@toolwright/mcp-client',
};

/** The version of an MCP SDK package a workspace package is developed against. */
function sdkVersionOf(packageName: string): string {
  const directory = packageName.replace('@toolwright/', '');
  const sdk = SDK_OF[packageName] as string;
  return JSON.parse(
    readFileSync(join(repoRoot, 'packages', directory, 'package.json'), 'utf8'),
  ).devDependencies[sdk].replace(/^\^/, '');
}

let packed: PackedPackage[] = [];

beforeAll(() => {
  buildWorkspace();
  packed = packPublishablePackages();
});

const run = runCommand;

/**
 * A project outside the workspace with `dependencies` (toolwright packages by tarball, others by
 * version from the npm registry); every toolwright package resolves to its tarball, so peers
 * that npm installs on its own come from this checkout too.
 */
function consumerProject(
  label: string,
  dependencies: Record<string, string>,
): { dir: string; install: ReturnType<typeof run> } {
  const dir = makeTempDir(`toolwright-consumer-${label}`);
  const tarballOf = (name: string) => `file:${packed.find((entry) => entry.pkg.name === name)?.tarball}`;
  const manifest = {
    name: `consumer-${label}`,
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(
      Object.entries(dependencies).map(([name, spec]) => [name, spec === 'tarball' ? tarballOf(name) : spec]),
    ),
    overrides: Object.fromEntries(packed.map(({ pkg }) => [pkg.name, tarballOf(pkg.name)])),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'],
    dir,
  );
  return { dir, install };
}

/**
 * Compiles a file importing every package under the strictest settings. `types` as given
 * (`undefined`: TypeScript's default, every visible @types package); `lib` TypeScript's default
 * for the target unless given.
 */
function compileConsumer(
  dir: string,
  types: readonly string[] | undefined,
  lib?: readonly string[],
): ReturnType<typeof run> {
  const imports = publishable
    .map(
      (pkg, index) =>
        `import * as package${index} from '${pkg.name}';\nexport const used${index} = Object.keys(package${index});`,
    )
    .join('\n');
  writeFileSync(join(dir, 'consumer.ts'), `${imports}\n`);
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: false,
    noEmit: true,
    ...(types === undefined ? {} : { types }),
    ...(lib === undefined ? {} : { lib }),
  };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, files: ['consumer.ts'] }, null, 2),
  );
  return run(process.execPath, [tsc, '-p', '.'], dir);
}

const everyPackage = () => Object.fromEntries(publishable.map((pkg) => [pkg.name, 'tarball']));

describe('the packed manifests', () => {
  it('carry real ranges: pnpm pack rewrote every workspace: range (npm pack would not), contracts a 0.x peer', () => {
    for (const { pkg, tarball } of packed) {
      const manifest = JSON.parse(
        execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
      );
      const ranges = {
        ...manifest.dependencies,
        ...manifest.peerDependencies,
        ...manifest.optionalDependencies,
      };
      const unrewritten = Object.entries(ranges).filter(([, range]) =>
        String(range).startsWith('workspace:'),
      );
      expect(unrewritten, pkg.name).toEqual([]);
      if (pkg.manifest.peerDependencies?.['@toolwright/contracts'] !== undefined)
        expect(manifest.peerDependencies['@toolwright/contracts'], pkg.name).toBe('0.x');
      const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
      expect(files, pkg.name).toContain('package/LICENSE');
    }
  });
});

describe('a consumer that does not install @types/node', () => {
  let dir = '';
  beforeAll(() => {
    const project = consumerProject('no-types-node', everyPackage());
    expect(project.install.status, project.install.output).toBe(0);
    dir = project.dir;
  });

  it('compiles every package with skipLibCheck: false and no ambient types at all (types: [])', () => {
    const result = compileConsumer(dir, []);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('compiles with the default types setting too', () => {
    const result = compileConsumer(dir, undefined);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it("compiles without the DOM lib too: no declaration, ours or the MCP SDK v2's, needs a browser type", () => {
    const result = compileConsumer(dir, [], ['ES2023']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('a consumer with its own @types/node', () => {
  it('compiles every package, sharing its one copy of @types/node', () => {
    const { dir, install } = consumerProject('own-types-node', {
      ...everyPackage(),
      '@types/node': typesNodeRange,
    });
    expect(install.status, install.output).toBe(0);
    const result = compileConsumer(dir, ['node']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
    const copies = run('npm', ['ls', '@types/node', '--all', '--parseable'], dir).output.trim().split('\n');
    expect(new Set(copies.filter((line) => line.endsWith(join('node_modules', '@types', 'node')))).size).toBe(
      1,
    );
  });
});

describe('the MCP SDK, a peer dependency of mcp-client, mcp-adapter and mcp-server', () => {
  it('is declared as a peer by each, since its types are in their public API', () => {
    for (const [name, sdk] of Object.entries(SDK_OF)) {
      const pkg = publishable.find((entry) => entry.name === name);
      expect(pkg?.manifest.peerDependencies?.[sdk], name).toBeDefined();
      expect(pkg?.manifest.dependencies?.[sdk], name).toBeUndefined();
      const declarations = readFileSync(join(repoRoot, pkg?.dir as string, 'dist', 'index.d.ts'), 'utf8');
      expect(declarations, name).toContain(`from '${SDK_TYPES_THROUGH[name] ?? sdk}`);
    }
  });

  it('installed by the host at a compatible version: one copy, shared, and the types compile', () => {
    const { dir, install } = consumerProject('sdk-own', {
      '@toolwright/mcp-server': 'tarball',
      '@toolwright/mcp-adapter': 'tarball',
      '@modelcontextprotocol/server': sdkVersionOf('@toolwright/mcp-server'),
      '@modelcontextprotocol/client': sdkVersionOf('@toolwright/mcp-adapter'),
    });
    expect(install.status, install.output).toBe(0);
    for (const sdk of new Set(Object.values(SDK_OF))) {
      const tree = run('npm', ['ls', sdk, '--all', '--parseable'], dir).output.trim().split('\n');
      expect(new Set(tree.filter((line) => line.endsWith(join('node_modules', sdk)))).size, sdk).toBe(1);
    }
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        "import type { ToolAnnotations } from '@modelcontextprotocol/server';",
        "import { toolAnnotations } from '@toolwright/mcp-server';",
        'export const annotations: ToolAnnotations = toolAnnotations(undefined as never);',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          target: 'ES2022',
        },
        files: ['consumer.ts'],
      }),
    );
    const result = run(process.execPath, [tsc, '-p', '.'], dir);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('not installed by the host: npm installs the peer itself, one copy that both packages share', () => {
    const { dir, install } = consumerProject('sdk-absent', {
      '@toolwright/mcp-server': 'tarball',
      '@toolwright/mcp-adapter': 'tarball',
    });
    expect(install.status, install.output).toBe(0);
    for (const sdk of new Set(Object.values(SDK_OF))) {
      expect(existsSync(join(dir, 'node_modules', sdk, 'package.json')), sdk).toBe(true);
      const tree = run('npm', ['ls', sdk, '--all', '--parseable'], dir).output.trim().split('\n');
      expect(new Set(tree.filter((line) => line.endsWith(join('node_modules', sdk)))).size, sdk).toBe(1);
    }
  });

  it('installed by the host at an incompatible version: npm refuses with its peer-dependency error', () => {
    const { install } = consumerProject('sdk-old', {
      '@toolwright/mcp-server': 'tarball',
      '@modelcontextprotocol/server': '2.0.0',
    });
    expect(install.status).not.toBe(0);
    expect(install.output).toMatch(/ERESOLVE/);
    expect(install.output).toMatch(
      /peer @modelcontextprotocol\/server@"\^2\.4\.0" from @toolwright\/mcp-server/,
    );
  });
});
