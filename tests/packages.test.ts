import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildWorkspace,
  installIntoTemporaryProject,
  type PackedPackage,
  packPublishablePackages,
  runCommand,
} from './support/pack.js';
import { listWorkspacePackages, repoRoot } from './support/workspace.js';

const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);
const publishable = listWorkspacePackages().filter((pkg) => !pkg.private);

let packed: PackedPackage[] = [];
const packedFor = (name: string): PackedPackage => {
  const found = packed.find((entry) => entry.pkg.name === name);
  if (!found) throw new Error(`${name} was not packed`);
  return found;
};

beforeAll(() => {
  buildWorkspace();
  packed = packPublishablePackages();
});

const run = runCommand;

describe.each(publishable.map((pkg) => [pkg.name] as const))('%s as published', (name) => {
  it('passes publint (strict)', () => {
    const result = run(bin('publint'), ['run', packedFor(name).tarball, '--strict'], repoRoot);
    expect(result.output).toContain('All good');
    expect(result.status).toBe(0);
  });

  it('passes attw (are the types wrong) for node10, node16 CJS and ESM, and bundlers', () => {
    const result = run(bin('attw'), [packedFor(name).tarball, '--format', 'ascii', '--no-color'], repoRoot);
    expect(result.output, result.output).toContain('No problems found');
    expect(result.status).toBe(0);
  });

  it('installs alone with only its declared dependencies and loads with import and require', () => {
    const project = installIntoTemporaryProject([packedFor(name)], packed, name.split('/')[1] as string);
    const probe = `
      const esm = await import(${JSON.stringify(name)});
      const { createRequire } = await import('node:module');
      const cjs = createRequire(import.meta.url)(${JSON.stringify(name)});
      console.log(JSON.stringify({ esm: Object.keys(esm).filter((k) => k !== 'default').sort(), cjs: Object.keys(cjs).sort() }));
    `;
    writeFileSync(join(project, 'probe.mjs'), probe);
    const result = run(process.execPath, ['probe.mjs'], project);
    expect(result.status, result.output).toBe(0);
    const { esm, cjs } = JSON.parse(result.output.trim().split('\n').pop() as string) as {
      esm: string[];
      cjs: string[];
    };
    expect(esm.length).toBeGreaterThan(0);
    expect(cjs).toEqual(esm);
  });
});

describe('a consumer compiled against the built type files', () => {
  it('type-checks under the strictest settings with skipLibCheck: false', () => {
    const project = installIntoTemporaryProject(packed, packed, 'types');
    const imports = publishable
      .map(
        (pkg, index) =>
          `import * as package${index} from '${pkg.name}';\nexport const used${index} = Object.keys(package${index});`,
      )
      .join('\n');
    writeFileSync(join(project, 'consumer.ts'), `${imports}\n`);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noImplicitOverride: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node'],
        typeRoots: [join(repoRoot, 'node_modules', '@types')],
      },
      files: ['consumer.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const result = run(
      process.execPath,
      [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
      project,
    );
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('@toolwright/executor as published', () => {
  it('judges a shell command with the analysis of its private #shell-analysis chunk, from import and require', () => {
    const project = installIntoTemporaryProject(
      [packedFor('@toolwright/executor')],
      packed,
      'executor-shell',
    );
    // The chunk is loaded only when the first command is judged: a tarball without it, or an
    // `imports` that names a file it lacks, fails here and not at import.
    const probe = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      // A shell call as the policy reads it (the invocation a Bash tool's build makes).
      const bash = (command) => ({
        toolName: 'Bash',
        kind: 'execute',
        permissionSignature: \`Bash(\${command})\`,
        affectedPaths: [],
      });
      const judge = ({ PermissionPolicy }) => {
        const policy = new PermissionPolicy({ workspaceRoot: process.cwd() });
        return [
          policy.covers('Bash(git status)', bash('git status')),
          policy.covers('Bash(git status)', bash('git status && rm -rf x')),
        ];
      };
      const esm = judge(await import('@toolwright/executor'));
      const cjs = judge(require('@toolwright/executor'));
      const chunks = Object.keys(require.cache).filter((path) => path.includes('shell-analysis'));
      console.log(JSON.stringify({ esm, cjs, chunks: chunks.map((path) => path.split('@toolwright/')[1]) }));
    `;
    writeFileSync(join(project, 'probe.mjs'), probe);
    const result = run(process.execPath, ['probe.mjs'], project);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.output.trim().split('\n').pop() as string)).toEqual({
      esm: [true, false],
      cjs: [true, false],
      chunks: ['executor/dist/shell-analysis.cjs'],
    });
  });
});
