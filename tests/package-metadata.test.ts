import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listWorkspacePackages, repoRoot } from './support/workspace.js';

const REPOSITORY = 'https://github.com/toolwright/toolwright';
const publishable = listWorkspacePackages().filter((pkg) => !pkg.private);
const rootLicense = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');

/** The `<package> <major>.x` a package's guards name (its `*_ACCEPTS` constant), if it has guards. */
function acceptedByOf(dir: string): string | undefined {
  const file = join(repoRoot, dir, 'src', 'specification-version.ts');
  if (!existsSync(file)) return undefined;
  return /export const \w+_ACCEPTS = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
}

describe('the license', () => {
  it('is MIT, for the toolwright contributors, 2026, at the root', () => {
    expect(rootLicense).toMatch(/^MIT License\n\nCopyright \(c\) 2026 toolwright contributors\n/);
    expect(rootLicense).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it.each(publishable.map((pkg) => [pkg.name, pkg.dir] as const))(
    '%s ships the same LICENSE file and says MIT',
    (_name, dir) => {
      // npm packs a LICENSE file at the package root whatever `files` says.
      expect(readFileSync(join(repoRoot, dir, 'LICENSE'), 'utf8')).toBe(rootLicense);
      expect(JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')).license).toBe('MIT');
    },
  );
});

describe.each(publishable.map((pkg) => [pkg.name, pkg] as const))('%s package.json', (_name, pkg) => {
  it('says where its source, home page and issues are (repository with directory, homepage, bugs)', () => {
    expect(pkg.manifest.repository).toEqual({
      type: 'git',
      url: `git+${REPOSITORY}.git`,
      directory: pkg.dir,
    });
    expect(pkg.manifest.homepage).toBe(`${REPOSITORY}/tree/main/${pkg.dir}#readme`);
    expect(pkg.manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
  });

  it('leaves its tests and their helpers (src/test-support/) out of the tarball, and takes the shared ones as a dev dependency only', () => {
    expect(pkg.manifest.files).toEqual(expect.arrayContaining(['!src/**/*.test.ts', '!src/test-support']));
    const { dependencies = {}, peerDependencies = {} } = pkg.manifest;
    expect(Object.keys({ ...dependencies, ...peerDependencies })).not.toContain('@toolwright/test-support');
  });

  it('takes @toolwright/contracts as a peer (range 0.x) when it receives tools, never as a plain dependency', () => {
    const { dependencies = {}, peerDependencies = {}, devDependencies = {} } = pkg.manifest;
    expect(dependencies['@toolwright/contracts']).toBeUndefined();
    if (
      [
        '@toolwright/utils',
        '@toolwright/spec',
        '@toolwright/validation',
        '@toolwright/artifacts',
        '@toolwright/contracts',
        '@toolwright/mcp-client',
        '@toolwright/redis',
      ].includes(pkg.name)
    ) {
      expect(peerDependencies['@toolwright/contracts']).toBeUndefined();
    } else {
      expect(peerDependencies['@toolwright/contracts']).toBe('workspace:0.x');
      expect(devDependencies['@toolwright/contracts']).toBe('workspace:*');
    }
  });

  it('names its own version line in its refusals of another specification version', () => {
    const accepts = acceptedByOf(pkg.dir);
    if (accepts === undefined) return;
    const [major] = String(pkg.manifest.version).split('.');
    expect(accepts).toBe(`${pkg.name} ${major}.x`);
  });
});

describe('the packages that refuse another specification version', () => {
  it('are every package that receives a tool, an invocation or a sink from another package', () => {
    const withGuard = publishable
      .filter((pkg) => acceptedByOf(pkg.dir) !== undefined)
      .map((pkg) => pkg.name)
      .sort();
    expect(withGuard).toEqual([
      '@toolwright/ai-sdk',
      '@toolwright/contracts',
      '@toolwright/executor',
      '@toolwright/langchain',
      '@toolwright/mcp-server',
      '@toolwright/openai-agents',
      '@toolwright/registry',
    ]);
    for (const name of withGuard) {
      const dir = publishable.find((pkg) => pkg.name === name)?.dir as string;
      const tests = readdirSync(join(repoRoot, dir, 'src')).filter(
        (file) => file === 'specification-version.test.ts',
      );
      expect(tests, `${name} tests its guard`).toHaveLength(1);
    }
  });
});
