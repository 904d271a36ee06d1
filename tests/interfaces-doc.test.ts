import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDeclaredApi } from './support/declared-api.js';
import { describeDrift, readInterfacesPage } from './support/interfaces-doc.js';
import { buildWorkspace } from './support/pack.js';
import { listWorkspacePackages, repoRoot } from './support/workspace.js';

const page = join(repoRoot, 'docs', 'interfaces.md');
const documented = readInterfacesPage(page);
const packages = listWorkspacePackages().filter((pkg) => !pkg.private);

beforeAll(() => {
  buildWorkspace();
});

describe('docs/interfaces.md against the built declaration files', () => {
  it('has a section for every published package, and only for those', () => {
    expect([...documented.keys()].sort()).toEqual(packages.map((pkg) => pkg.name).sort());
  });

  it.each(packages.map((pkg) => [pkg.name, pkg.dir] as const))(
    '%s: every name, member and signature shown exists with that shape in dist/index.d.ts',
    (name, dir) => {
      const declarations = join(repoRoot, dir, 'dist', 'index.d.ts');
      expect(existsSync(declarations), `${declarations} was not built`).toBe(true);
      const api = readDeclaredApi(declarations);
      const entries = documented.get(name) ?? [];
      expect(entries.length, `interfaces.md shows nothing for ${name}`).toBeGreaterThan(0);
      const drift = entries.flatMap((entry) => describeDrift(entry, api.get(entry.name)));
      expect(drift, drift.join('\n')).toEqual([]);
    },
  );
});
