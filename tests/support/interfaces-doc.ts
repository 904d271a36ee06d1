import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { DeclaredItem, DeclaredParameter, DeclaredSignature } from './declared-api.js';

/** A signature written in the page: parameters (absent when written `(...)`) and return type. */
export interface DocumentedSignature {
  readonly parameters: readonly DeclaredParameter[] | undefined;
  readonly returnType: string | undefined;
}

/** One exported name the page shows for a package, as it shows it. */
export interface DocumentedExport {
  readonly name: string;
  readonly kind: 'function' | 'class' | 'interface' | 'type' | 'const' | 'reexport';
  readonly signature: DocumentedSignature | undefined;
  /** Members shown inside a class or interface body, each with its signature when it is a method. */
  readonly members: ReadonlyMap<string, DocumentedSignature | undefined>;
  /** The line of the page it starts on, for messages. */
  readonly line: number;
}

const REST_PLACEHOLDER = '__documentedLater';

/**
 * The page abbreviates with `...` (`Promise<...>`, `{ limits?; ... }`, `directoryPath(...)`).
 * Parameter lists written `(...)` say nothing about the parameters; every other `...` stands for
 * a type the page leaves out.
 */
function makeParsable(code: string): string {
  return code
    .replace(/\(\s*(?:\.\.\.|…)\s*\)/g, `(...${REST_PLACEHOLDER}: unknown[])`)
    .replace(/(?<![\w$])(?:\.\.\.|…)(?![\w$])/g, 'unknown');
}

function documentedSignature(node: ts.SignatureDeclarationBase, source: ts.SourceFile): DocumentedSignature {
  const placeholder =
    node.parameters.length === 1 && node.parameters[0]?.name.getText(source) === REST_PLACEHOLDER;
  return {
    parameters: placeholder
      ? undefined
      : node.parameters.map((parameter) => ({
          name: parameter.name.getText(source),
          optional: parameter.questionToken !== undefined || parameter.initializer !== undefined,
        })),
    returnType: node.type === undefined ? undefined : node.type.getText(source).replace(/\s+/g, ' ').trim(),
  };
}

function documentedMembers(
  members: ts.NodeArray<ts.ClassElement | ts.TypeElement>,
  source: ts.SourceFile,
): Map<string, DocumentedSignature | undefined> {
  const found = new Map<string, DocumentedSignature | undefined>();
  for (const member of members) {
    if (ts.isConstructorDeclaration(member)) {
      found.set('constructor', documentedSignature(member, source));
      continue;
    }
    const name = member.name?.getText(source);
    if (name === undefined || name.startsWith('[')) continue;
    found.set(
      name,
      ts.isMethodDeclaration(member) || ts.isMethodSignature(member)
        ? documentedSignature(member, source)
        : undefined,
    );
  }
  return found;
}

/** The exported names each `## @toolwright/<name>` section of the page shows, per package. */
export function readInterfacesPage(file: string): Map<string, DocumentedExport[]> {
  const text = readFileSync(file, 'utf8');
  const byPackage = new Map<string, DocumentedExport[]>();
  let current: string | undefined;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const heading = /^## (@toolwright\/[\w-]+)/.exec(lines[index] ?? '');
    if (heading) {
      current = heading[1];
      continue;
    }
    if (current === undefined || !/^```ts\s*$/.test(lines[index] ?? '')) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    const block = lines.slice(start, end).join('\n');
    index = end;
    const source = ts.createSourceFile('block.ts', makeParsable(block), ts.ScriptTarget.Latest, true);
    const list = byPackage.get(current) ?? [];
    const lineOf = (node: ts.Node) =>
      start + 1 + source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    for (const statement of source.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const element of statement.exportClause.elements)
          list.push({
            name: element.name.text,
            kind: 'reexport',
            signature: undefined,
            members: new Map(),
            line: lineOf(statement),
          });
        continue;
      }
      if (!exported) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name)
        list.push({
          name: statement.name.text,
          kind: 'function',
          signature: documentedSignature(statement, source),
          members: new Map(),
          line: lineOf(statement),
        });
      else if (ts.isClassDeclaration(statement) && statement.name)
        list.push({
          name: statement.name.text,
          kind: 'class',
          signature: undefined,
          members: documentedMembers(statement.members, source),
          line: lineOf(statement),
        });
      else if (ts.isInterfaceDeclaration(statement))
        list.push({
          name: statement.name.text,
          kind: 'interface',
          signature: undefined,
          members: documentedMembers(statement.members, source),
          line: lineOf(statement),
        });
      else if (ts.isTypeAliasDeclaration(statement))
        list.push({
          name: statement.name.text,
          kind: 'type',
          signature: undefined,
          members: new Map(),
          line: lineOf(statement),
        });
      else if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations)
          list.push({
            name: declaration.name.getText(source),
            kind: 'const',
            signature: undefined,
            members: new Map(),
            line: lineOf(statement),
          });
    }
    byPackage.set(current, list);
  }
  return byPackage;
}

/** A type without its type arguments: `Promise<CatalogChange>` and `Promise<unknown>` have the same head. */
export function typeHead(type: string): string {
  let head = type;
  let previous: string;
  do {
    previous = head;
    head = head.replace(/<[^<>]*>/g, '');
  } while (head !== previous);
  return head.replace(/\s+/g, '');
}

function describeParameters(parameters: readonly DeclaredParameter[]): string {
  return `(${parameters.map((parameter) => `${parameter.name}${parameter.optional ? '?' : ''}`).join(', ')})`;
}

function signatureProblem(
  where: string,
  documented: DocumentedSignature,
  declared: readonly DeclaredSignature[],
): string | undefined {
  if (declared.length === 0) return `${where}: the page shows a method, the package declares a property`;
  const matches = declared.some((signature) => {
    const parametersMatch =
      documented.parameters === undefined ||
      describeParameters(documented.parameters) === describeParameters(signature.parameters);
    const returnMatches =
      documented.returnType === undefined ||
      signature.returnType === undefined ||
      typeHead(documented.returnType) === typeHead(signature.returnType);
    return parametersMatch && returnMatches;
  });
  if (matches) return undefined;
  const shown = `${documented.parameters === undefined ? '(...)' : describeParameters(documented.parameters)}${documented.returnType === undefined ? '' : `: ${documented.returnType}`}`;
  const actual = declared
    .map(
      (signature) =>
        `${describeParameters(signature.parameters)}${signature.returnType === undefined ? '' : `: ${signature.returnType}`}`,
    )
    .join(' | ');
  return `${where}: the page shows ${shown}, the package declares ${actual}`;
}

/** Every way the page's entry differs from the declaration file (empty when it holds). */
export function describeDrift(entry: DocumentedExport, declared: DeclaredItem | undefined): string[] {
  const where = `${entry.name} (interfaces.md line ${entry.line})`;
  if (declared === undefined) return [`${where}: not exported by the package`];
  if (declared.kind === 'reexport' || entry.kind === 'reexport') return [];
  const compatible: Record<DocumentedExport['kind'], readonly DeclaredItem['kind'][]> = {
    function: ['function', 'const'],
    class: ['class'],
    interface: ['interface', 'type'],
    type: ['type', 'interface', 'const'],
    const: ['const', 'class'],
    reexport: [],
  };
  if (!compatible[entry.kind].includes(declared.kind))
    return [`${where}: the page shows a ${entry.kind}, the package declares a ${declared.kind}`];
  const problems: string[] = [];
  if (entry.signature !== undefined && declared.kind === 'function') {
    const problem = signatureProblem(where, entry.signature, declared.signatures);
    if (problem) problems.push(problem);
  }
  for (const [member, signature] of entry.members) {
    const declaredMember = declared.members.get(member);
    if (declaredMember === undefined) {
      problems.push(`${where}: member ${member} is not declared by the package`);
      continue;
    }
    if (signature !== undefined) {
      const problem = signatureProblem(
        `${entry.name}.${member} (interfaces.md line ${entry.line})`,
        signature,
        declaredMember,
      );
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
