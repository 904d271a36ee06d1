// Compares an entry's report at the last release with its report now and says what kind of
// change that is for a user of the package:
// - `breaking`: a declaration removed, or a line of one removed or changed (a changed signature),
//   or a required member added to an interface or type a host may implement;
// - `addition`: a new declaration, an optional member, a new overload, a new member of a class,
//   enum or const;
// - `none`: only comments, documentation or imports differ.
// A declaration that became a re-export of another package's (`import { X } from
// '@toolwright/spec'` then `export { X }`) is compared with that declaration, when `resolve` finds
// it: a name that moved unchanged is no change, and a change made on the way is one, marked
// `reExported` (the package that defines the name answers for its version).
// When in doubt it says breaking: a larger bump than needed costs a range update, a smaller one
// breaks a user's build.
import { readDeclarations, readImports } from './declarations.mjs';

const OPTIONAL_MEMBER = /^(?:readonly\s+)?(?:[\w$]+|"[^"]*"|'[^']*'|\[[^\]]+\])\?\s*[:(]/;
const ADDITIVE_KINDS = new Set(['class', 'enum', 'const', 'function', 'namespace', 'module', 're-export']);

/** Lines of `after` not in `before` and lines of `before` not in `after` (as multisets). */
function lineChanges(before, after) {
  const remaining = new Map();
  for (const line of before) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  const added = [];
  for (const line of after) {
    const count = remaining.get(line) ?? 0;
    if (count > 0) remaining.set(line, count - 1);
    else added.push(line);
  }
  const removed = [...remaining].flatMap(([line, count]) => Array(count).fill(line));
  return { added, removed };
}

/**
 * `{ kind: 'breaking' | 'addition' | 'none', changes: [{ kind, name, detail, reExported? }] }`.
 * `resolve(module, name)` gives the current declaration (from `readDeclarations`) of a name
 * another package exports, or `undefined`.
 */
export function classifyReportChange(releasedReport, currentReport, resolve = () => undefined) {
  const before = readDeclarations(releasedReport);
  const after = readDeclarations(currentReport);
  const imports = readImports(currentReport);
  const changes = [];
  for (const [name] of before) {
    if (!after.has(name)) changes.push({ kind: 'breaking', name, detail: `${name} was removed` });
  }
  for (const [name, exported] of after) {
    const old = before.get(name);
    if (!old) {
      changes.push({ kind: 'addition', name, detail: `${name} was added` });
      continue;
    }
    const moved =
      exported.kinds.has('re-export') && !old.kinds.has('re-export') && imports.has(name)
        ? resolve(imports.get(name), name)
        : undefined;
    const declaration = moved ?? exported;
    const mark = (change) => (moved === undefined ? change : { ...change, reExported: true });
    const { added, removed } = lineChanges(old.lines, declaration.lines);
    if (added.length === 0 && removed.length === 0) continue;
    if (removed.length > 0) {
      changes.push(
        mark({
          kind: 'breaking',
          name,
          detail: `${name} changed: ${removed.map((l) => `- ${l}`).join(' ')}`,
        }),
      );
      continue;
    }
    const additive = [...declaration.kinds].every((kind) => ADDITIVE_KINDS.has(kind));
    const onlyOptional = added.every((line) => OPTIONAL_MEMBER.test(line));
    changes.push(
      mark(
        additive || onlyOptional
          ? { kind: 'addition', name, detail: `${name} gained ${added.map((l) => `+ ${l}`).join(' ')}` }
          : {
              kind: 'breaking',
              name,
              detail: `${name} gained a required member (a host implementing it breaks): ${added.map((l) => `+ ${l}`).join(' ')}`,
            },
      ),
    );
  }
  const kind = changes.some((c) => c.kind === 'breaking')
    ? 'breaking'
    : changes.some((c) => c.kind === 'addition')
      ? 'addition'
      : 'none';
  return { kind, changes };
}
