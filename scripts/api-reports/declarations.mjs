// Reads an API Extractor report into its declarations by exported name, so two reports can be
// compared name by name. Comments (`// @public`, `// (undocumented)`, warnings) and imports are
// left out: they change with documentation and bundling, not with the API.

const DECLARATION =
  /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(class|interface|type|const|let|var|function|enum|namespace|module)\s+([A-Za-z_$][\w$]*)/;
const RE_EXPORT = /^export\s*\{([^}]*)\}/;

/** The TypeScript block of a report (between ```ts and ```). */
function codeBlock(report) {
  const start = report.indexOf('```ts');
  const end = report.lastIndexOf('```');
  if (start < 0 || end <= start) throw new Error('not an API Extractor report: no ```ts block');
  return report.slice(start + '```ts'.length, end);
}

/**
 * `Map<name, { kind, lines }>`: every top-level declaration of the report, grouped by name (an
 * overloaded function, or a const and a type of one name, are one entry), each line trimmed.
 */
export function readDeclarations(report) {
  const units = [];
  let current = [];
  for (const rawLine of codeBlock(report).split('\n')) {
    const line = rawLine.trimEnd();
    if (line.trim().startsWith('//') || line.startsWith('import ')) continue;
    if (line.trim() === '') {
      if (current.length > 0) units.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) units.push(current);

  const declarations = new Map();
  const add = (name, kind, lines) => {
    const found = declarations.get(name);
    if (found) {
      found.lines.push(...lines);
      found.kinds.add(kind);
    } else declarations.set(name, { kinds: new Set([kind]), lines: [...lines] });
  };
  for (const unit of units) {
    const head = unit[0].trim();
    const reExport = RE_EXPORT.exec(head);
    if (reExport) {
      for (const part of reExport[1].split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (name) add(name, 're-export', [`export { ${part.trim()} }`]);
      }
      continue;
    }
    const match = DECLARATION.exec(head);
    if (!match) throw new Error(`API report: a declaration this reader does not know: ${head}`);
    // A declaration not exported from the entry (a forgotten export) is keyed apart: it is API
    // only through what uses it, and a change to it shows there as well.
    const exported = head.startsWith('export ');
    add(
      exported ? match[2] : `(unexported) ${match[2]}`,
      match[1],
      unit.map((line) => line.trim()),
    );
  }
  return declarations;
}

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'([^']+)'/;

/** `Map<localName, module>` of a report's named imports (`import { X } from '@toolwright/spec';`). */
export function readImports(report) {
  const imports = new Map();
  for (const line of codeBlock(report).split('\n')) {
    const match = IMPORT.exec(line.trim());
    if (!match) continue;
    for (const part of match[1].split(',')) {
      const local = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local) imports.set(local, match[2]);
    }
  }
  return imports;
}
