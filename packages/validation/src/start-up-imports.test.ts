// What importing the package loads. Ajv and re2js are most of what it used to cost every package
// above it at start-up, and only a foreign JSON Schema (re2js: one with a `pattern`) needs them:
// they load on the first one compiled. The built ESM and CJS outputs are loaded natively by Node
// in a child process.
import { join } from 'node:path';
import { builtEntryForThisFile, modulesLoadedBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');

// Imports the build, reports whether Ajv was loaded, parses with a JSON Schema, reports again.
const probe = (entry: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loaded = (name) => Object.keys(require.cache).some((path) => path.includes('/node_modules/' + name + '/'));
const loadedNow = () => ({ ajv: loaded('ajv'), re2js: loaded('re2js') });
const validation = ${entry === 'index.cjs' ? "require('./index.cjs')" : "await import('./index.js')"};
const before = loadedNow();
const schema = validation.compileJsonSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
const parsed = schema.parse({ n: 3 });
let code;
try { schema.parse({ n: 'x' }); } catch (error) { code = error.code; }
const afterPlain = loadedNow();
const patterned = validation.compileJsonSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
let patternCode;
try { patterned.parse({ s: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab' }); } catch (error) { patternCode = error.code; }
const matched = patterned.parse({ s: 'aaa' }).value;
console.log(JSON.stringify({ before, afterPlain, afterPattern: loadedNow(), parsed: parsed.value, code, patternCode, matched }));
`;

const built = builtEntryForThisFile({
  packageDir,
  name: 'start-up-imports',
  probes: { 'probe-esm.mjs': probe('index.js'), 'probe-cjs.mjs': probe('index.cjs') },
});

describe('importing @toolwright/validation', () => {
  it.each(['esm', 'cjs'])(
    '(%s) loads Ajv on the first JSON Schema compiled and re2js on the first pattern, not before',
    async (format) => {
      const run = await modulesLoadedBy([join(built.directory, `probe-${format}.mjs`)], {
        cwd: built.directory,
      });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        before: { ajv: false, re2js: false },
        afterPlain: { ajv: true, re2js: false },
        afterPattern: { ajv: true, re2js: true },
        parsed: { n: 3 },
        code: 'validation_failed',
        // The pattern runs on RE2: a catastrophic-backtracking pattern refuses at once.
        patternCode: 'validation_failed',
        matched: { s: 'aaa' },
      });
      // Nor did the ES module loader load them (a static import would pass there first).
      const eager = run.modules.filter((url) => /\/node_modules\/(ajv|re2js)\//.test(url));
      expect(eager).toEqual([]);
    },
  );
});
