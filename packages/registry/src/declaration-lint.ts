import type { FunctionDeclaration } from '@toolwright/contracts';
import { lintToolDeclaration, type ProviderLintIssue } from '@toolwright/validation';

/**
 * Lint results by declaration. A `Tool` renders each target's declaration once and serves the
 * same deep-frozen object afterwards, so the object identifies the linted content exactly: a
 * declaration is linted once per process, however many registries, revisions or requests see
 * it, and the entry goes away with the tool.
 */
const issuesByDeclaration = new WeakMap<FunctionDeclaration, readonly ProviderLintIssue[]>();

const NO_ISSUES: readonly ProviderLintIssue[] = Object.freeze([]);

function lintOnce(declaration: FunctionDeclaration): readonly ProviderLintIssue[] {
  let issues = issuesByDeclaration.get(declaration);
  if (issues === undefined) {
    let found: ProviderLintIssue[];
    try {
      found = lintToolDeclaration(declaration, declaration.target);
    } catch (error) {
      // A lint that cannot finish must not stop the request it only comments on; say so instead.
      found = [
        {
          target: declaration.target,
          toolName: declaration.name,
          path: '',
          reason: `the provider lint could not check this declaration (${error instanceof Error ? error.message : String(error)})`,
        },
      ];
    }
    issues =
      found.length === 0 ? NO_ISSUES : Object.freeze(found.map((issue) => Object.freeze({ ...issue })));
    issuesByDeclaration.set(declaration, issues);
  }
  return issues;
}

/**
 * What each declaration's target would reject (or silently lose) in it, in declaration order,
 * frozen. Reported, never acted on: the lint cannot tell a rejection from a lossy projection, so
 * the caller decides what to do with a tool it names.
 */
export function lintDeclarations(declarations: readonly FunctionDeclaration[]): readonly ProviderLintIssue[] {
  let issues: ProviderLintIssue[] | undefined;
  for (const declaration of declarations) {
    const found = lintOnce(declaration);
    // Most declarations are clean: build a list only for the first one that is not.
    if (found.length > 0) {
      issues ??= [];
      issues.push(...found);
    }
  }
  return issues === undefined ? NO_ISSUES : Object.freeze(issues);
}
