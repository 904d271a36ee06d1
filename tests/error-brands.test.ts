// Every error class a published package exports is branded with @toolwright/utils'
// brandErrorClass: a Symbol.for marker `toolwright.<package>.<Class>` on its prototype, its name as
// exported (statically and on an instance, whatever the bundler renamed it to), and an isInstance
// that recognises an error made by a second installed copy. The ESM and the CJS build of a package
// are two such copies: each loads its own copy of every dependency, so no class is shared.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace } from './support/pack.js';
import { listWorkspacePackages, repoRoot } from './support/workspace.js';

type ErrorClass = (abstract new (...args: never[]) => Error) & { isInstance?: (value: unknown) => boolean };

interface ExportedErrorClass {
  /** `@toolwright/registry` or `@toolwright/contracts/testing`. */
  readonly entry: string;
  readonly exportName: string;
  readonly esm: ErrorClass;
  readonly cjs: ErrorClass;
}

const requireFromHere = createRequire(import.meta.url);
const published = listWorkspacePackages().filter((pkg) => !pkg.private);
/** The package names a brand key may name: `toolwright.<short name>.<Class>`. */
const shortNames = new Set(published.map((pkg) => pkg.name.replace('@toolwright/', '')));

/** The built files of each public entry point of a package, both formats. */
function entryFiles(pkg: (typeof published)[number]) {
  const exportsMap = pkg.manifest.exports as Record<
    string,
    { import?: { default: string }; require?: { default: string } }
  >;
  return Object.entries(exportsMap)
    .filter(([, target]) => typeof target === 'object' && target.import && target.require)
    .map(([subpath, target]) => ({
      entry: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
      esm: join(repoRoot, pkg.dir, target.import!.default),
      cjs: join(repoRoot, pkg.dir, target.require!.default),
    }));
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === 'function' && (value === Error || value.prototype instanceof Error);
}

/** The `toolwright.<package>.<Class>` keys set on the class's own prototype. */
function ownBrandKeys(errorClass: ErrorClass): string[] {
  return Object.getOwnPropertySymbols(errorClass.prototype)
    .map((symbol) => Symbol.keyFor(symbol))
    .filter((key): key is string => key !== undefined && /^toolwright\.[a-z0-9-]+\.[A-Za-z0-9]+$/.test(key));
}

/**
 * One instance of the class. The constructors take different arguments, so the usual shapes are
 * tried in turn: (code, message, details), (name, list), registerAll's (failures, registered, batch)
 * and (tool name, message, issues).
 */
function instanceOf(errorClass: ErrorClass): Error | undefined {
  const shapes: unknown[][] = [
    ['invalid_option', 'sample message', { issues: [] }],
    ['sample', []],
    [[], [], { atomic: false, size: 0 }],
    ['sample', 'sample message', []],
  ];
  for (const shape of shapes) {
    try {
      return Reflect.construct(errorClass, shape) as Error;
    } catch {
      // The next shape.
    }
  }
  return undefined;
}

const found: ExportedErrorClass[] = [];

beforeAll(async () => {
  buildWorkspace();
  for (const pkg of published) {
    for (const files of entryFiles(pkg)) {
      expect(existsSync(files.esm) && existsSync(files.cjs), `${files.entry} is built`).toBe(true);
      const esm = (await import(pathToFileURL(files.esm).href)) as Record<string, unknown>;
      const cjs = requireFromHere(files.cjs) as Record<string, unknown>;
      for (const [exportName, value] of Object.entries(esm)) {
        if (!isErrorClass(value)) continue;
        const twin = cjs[exportName];
        if (!isErrorClass(twin))
          throw new Error(`${files.entry}: ${exportName} is an error class in ESM only`);
        found.push({ entry: files.entry, exportName, esm: value, cjs: twin });
      }
    }
  }
});

describe('every exported error class is branded', () => {
  it('finds the error classes of every published package', () => {
    const entries = new Set(found.map((each) => each.entry));
    for (const name of [
      'utils',
      'validation',
      'contracts',
      'registry',
      'artifacts',
      'executor',
      'mcp-adapter',
      'mcp-server',
      'ai-sdk',
      'openai-agents',
    ])
      expect(entries, `@toolwright/${name} exports no error class`).toContain(`@toolwright/${name}`);
  });

  it('has a marker toolwright.<package>.<ExportName>, and its name as exported, statically and on an instance', () => {
    const problems: string[] = [];
    for (const { entry, exportName, esm, cjs } of found) {
      for (const [format, errorClass] of [
        ['ESM', esm],
        ['CJS', cjs],
      ] as const) {
        const where = `${entry} (${format}) ${exportName}`;
        const keys = ownBrandKeys(errorClass);
        const home = keys
          .map((key) => key.split('.'))
          .find(([, pkg, name]) => name === exportName && shortNames.has(pkg!));
        if (home === undefined)
          problems.push(
            `${where}: no marker Symbol.for('toolwright.<package>.${exportName}') on its prototype (has ${keys.join(', ') || 'none'})`,
          );
        if (errorClass.name !== exportName)
          problems.push(`${where}: its name is ${JSON.stringify(errorClass.name)}`);
        if (!Object.hasOwn(errorClass, 'isInstance')) problems.push(`${where}: has no isInstance of its own`);
        const instance = instanceOf(errorClass);
        if (instance === undefined)
          problems.push(`${where}: cannot be constructed with any argument shape this test knows`);
        else if (instance.name !== exportName || String(instance).split(':')[0] !== exportName)
          problems.push(`${where}: an instance is named ${JSON.stringify(instance.name)}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('is one class wherever it is re-exported (the home package the key names exports the same class)', () => {
    const problems: string[] = [];
    for (const { entry, exportName, esm } of found) {
      const home = ownBrandKeys(esm)
        .find((key) => key.endsWith(`.${exportName}`))
        ?.split('.')[1];
      if (home === undefined) continue;
      const original = found.find(
        (each) =>
          each.entry.split('/').slice(0, 2).join('/') === `@toolwright/${home}` &&
          each.exportName === exportName,
      );
      if (original === undefined)
        problems.push(`${entry} ${exportName}: its home @toolwright/${home} does not export it`);
      else if (original.esm !== esm)
        problems.push(`${entry} ${exportName}: a copy, not @toolwright/${home}'s class`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("recognises the other build's errors both ways, and no class accepts an error that is not its own or a subclass's", () => {
    const distinct = [...new Map(found.map((each) => [each.esm, each])).values()];
    const problems: string[] = [];
    for (const made of distinct) {
      const fromEsm = instanceOf(made.esm);
      const fromCjs = instanceOf(made.cjs);
      if (fromEsm === undefined || fromCjs === undefined) continue;
      expect(fromEsm instanceof made.cjs, 'the ESM and CJS builds share no class').toBe(false);
      for (const judge of distinct) {
        const expected = fromEsm instanceof judge.esm;
        const saidByCjs = judge.cjs.isInstance?.(fromEsm);
        const saidByEsm = judge.esm.isInstance?.(fromCjs);
        if (saidByCjs !== expected || saidByEsm !== expected)
          problems.push(
            `${judge.exportName}.isInstance(an ${made.exportName} of the other build) is CJS ${saidByCjs} / ESM ${saidByEsm}, expected ${expected}`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('every exported error-code table', () => {
  /** `ExecutorErrorCode`, `McpAdapterErrorCode`, ...: the `as const` tables of the codes a class carries. */
  async function codeTables(): Promise<Array<{ entry: string; name: string; codes: string[] }>> {
    const tables: Array<{ entry: string; name: string; codes: string[] }> = [];
    for (const pkg of published) {
      for (const files of entryFiles(pkg)) {
        const esm = (await import(pathToFileURL(files.esm).href)) as Record<string, unknown>;
        for (const [name, value] of Object.entries(esm)) {
          if (!name.endsWith('ErrorCode') || typeof value !== 'object' || value === null) continue;
          tables.push({ entry: files.entry, name, codes: Object.values(value).map(String) });
        }
      }
    }
    return tables;
  }

  it('spells codes in snake_case without the package prefix: the error class says where a code comes from', async () => {
    const tables = await codeTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['McpAdapterErrorCode', 'RegistryErrorCode']),
    );
    // Not a prefix: the arguments failed validation, the code every host and model sees for it.
    const notPrefixed = new Set(['validation_failed']);
    const problems: string[] = [];
    for (const { entry, name, codes } of tables) {
      // mcp-adapter and mcp-server would prefix `mcp_`; the others their short name (`registry_`).
      const short = entry.replace('@toolwright/', '').split('/')[0]!;
      const prefix = short.startsWith('mcp-') ? 'mcp_' : `${short.replaceAll('-', '_')}_`;
      for (const code of codes) {
        if (!/^[a-z]+(_[a-z]+)*$/.test(code)) problems.push(`${entry} ${name}: ${code} is not snake_case`);
        if (code.startsWith(prefix) && !notPrefixed.has(code))
          problems.push(`${entry} ${name}: ${code} carries the prefix ${prefix}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
