import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** One parameter as declared: its name and whether a caller may leave it out. */
export interface DeclaredParameter {
  readonly name: string;
  readonly optional: boolean;
}

/** One callable signature: its parameters and its return type as written. */
export interface DeclaredSignature {
  readonly parameters: readonly DeclaredParameter[];
  readonly returnType: string | undefined;
}

/** What a name stands for in a declaration file. */
export interface DeclaredItem {
  readonly kind: 'function' | 'class' | 'interface' | 'type' | 'const' | 'reexport';
  /** Every overload of a function (empty for other kinds). */
  readonly signatures: readonly DeclaredSignature[];
  /** Members of a class or interface by name: each overload of a method, or `[]` for a property. */
  readonly members: ReadonlyMap<string, readonly DeclaredSignature[]>;
  /** The declared type of a `const`, or the right-hand side of a `type`. */
  readonly typeText: string | undefined;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function parametersOf(
  parameters: ts.NodeArray<ts.ParameterDeclaration>,
  source: ts.SourceFile,
): DeclaredParameter[] {
  return parameters.map((parameter) => ({
    name: parameter.name.getText(source),
    optional: parameter.questionToken !== undefined || parameter.initializer !== undefined,
  }));
}

function signatureOf(node: ts.SignatureDeclarationBase, source: ts.SourceFile): DeclaredSignature {
  return {
    parameters: parametersOf(node.parameters, source),
    returnType: node.type === undefined ? undefined : normalise(node.type.getText(source)),
  };
}

function membersOf(
  members: ts.NodeArray<ts.ClassElement | ts.TypeElement>,
  source: ts.SourceFile,
): Map<string, DeclaredSignature[]> {
  const found = new Map<string, DeclaredSignature[]>();
  for (const member of members) {
    if (ts.isConstructorDeclaration(member)) {
      found.set('constructor', [...(found.get('constructor') ?? []), signatureOf(member, source)]);
      continue;
    }
    const name = member.name?.getText(source);
    if (name === undefined) continue;
    const list = found.get(name) ?? [];
    if (ts.isMethodDeclaration(member) || ts.isMethodSignature(member))
      list.push(signatureOf(member, source));
    found.set(name, list);
  }
  return found;
}

/**
 * The exported names of a bundled declaration file (as tsup writes `dist/index.d.ts`: local
 * declarations, then one `export { ... }` list), each with its kind, signatures and members.
 * Read syntactically, so it needs nothing but the file.
 */
export function readDeclaredApi(file: string): Map<string, DeclaredItem> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const local = new Map<string, DeclaredItem>();
  const imported = new Set<string>();
  const exported = new Map<string, string>();
  const aliases = new Map<string, string>();
  const bases = new Map<string, string>();
  const add = (name: string, item: DeclaredItem) => {
    const previous = local.get(name);
    if (previous?.kind === 'function' && item.kind === 'function') {
      local.set(name, { ...previous, signatures: [...previous.signatures, ...item.signatures] });
    } else if (previous === undefined || item.kind === 'class' || item.kind === 'function') {
      local.set(name, item);
    }
  };
  const exportedModifier = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    const none = new Map<string, DeclaredSignature[]>();
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      add(statement.name.text, {
        kind: 'function',
        signatures: [signatureOf(statement, source)],
        members: none,
        typeText: undefined,
      });
      if (exportedModifier(statement)) exported.set(statement.name.text, statement.name.text);
    } else if (ts.isClassDeclaration(statement) && statement.name) {
      const base = statement.heritageClauses
        ?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
        ?.types[0]?.expression.getText(source);
      if (base !== undefined) bases.set(statement.name.text, base);
      add(statement.name.text, {
        kind: 'class',
        signatures: [],
        members: membersOf(statement.members, source),
        typeText: undefined,
      });
      if (exportedModifier(statement)) exported.set(statement.name.text, statement.name.text);
    } else if (ts.isInterfaceDeclaration(statement)) {
      add(statement.name.text, {
        kind: 'interface',
        signatures: [],
        members: membersOf(statement.members, source),
        typeText: undefined,
      });
      if (exportedModifier(statement)) exported.set(statement.name.text, statement.name.text);
    } else if (ts.isTypeAliasDeclaration(statement)) {
      const members = ts.isTypeLiteralNode(statement.type) ? membersOf(statement.type.members, source) : none;
      if (ts.isTypeReferenceNode(statement.type))
        aliases.set(statement.name.text, statement.type.typeName.getText(source));
      add(statement.name.text, {
        kind: 'type',
        signatures: [],
        members,
        typeText: normalise(statement.type.getText(source)),
      });
      if (exportedModifier(statement)) exported.set(statement.name.text, statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(source);
        add(name, {
          kind: 'const',
          signatures: [],
          members: none,
          typeText: declaration.type === undefined ? undefined : normalise(declaration.type.getText(source)),
        });
        if (exportedModifier(statement)) exported.set(name, name);
      }
    } else if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) imported.add(element.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const fromOtherModule = statement.moduleSpecifier !== undefined;
      for (const element of statement.exportClause.elements) {
        const localName = (element.propertyName ?? element.name).text;
        exported.set(element.name.text, fromOtherModule ? `\0reexport:${localName}` : localName);
      }
    }
  }
  // A class has the members of the class it extends (ToolRegistry's queues come from its base).
  const withInherited = (name: string, seen: Set<string>): Map<string, readonly DeclaredSignature[]> => {
    const own = new Map(local.get(name)?.members ?? []);
    const base = bases.get(name);
    if (base === undefined || seen.has(base)) return own;
    for (const [member, signatures] of withInherited(base, new Set([...seen, base])))
      if (!own.has(member)) own.set(member, signatures);
    return own;
  };
  for (const name of bases.keys()) {
    const item = local.get(name);
    if (item) local.set(name, { ...item, members: withInherited(name, new Set([name])) });
  }
  // `type Tool<P> = ToolV1<P>`: an alias of a versioned interface has that interface's members.
  for (const [name, target] of aliases) {
    const item = local.get(name);
    const resolved = local.get(target);
    if (item && resolved && item.members.size === 0) local.set(name, { ...item, members: resolved.members });
  }
  const api = new Map<string, DeclaredItem>();
  const reexport: DeclaredItem = {
    kind: 'reexport',
    signatures: [],
    members: new Map(),
    typeText: undefined,
  };
  for (const [name, localName] of exported) {
    const item = localName.startsWith('\0reexport:') ? reexport : local.get(localName);
    api.set(name, item ?? (imported.has(localName) ? reexport : reexport));
  }
  return api;
}
