import type { SchemaPlan } from '../schema/schema-plan.js';
import { planAtPath } from './plan-walk.js';
import { locate, pathKeys } from './standard-issues.js';
import type { StandardIssue } from './standard-schema.js';

/**
 * Where one of a library's issues sits in the arguments and in the schema: its path as keys, the
 * value there, whether the last key is missing from its object, and the plan at that place
 * (`undefined` where the path leaves the plan). Found once per issue of a refused call and read
 * both by the check whether a repair could help and by the conversion into our issues, so that
 * neither walks the arguments or the schema along the path again.
 */
export interface IssuePlace {
  readonly issue: StandardIssue;
  readonly keys: readonly string[];
  readonly found: unknown;
  readonly missing: boolean;
  readonly plan: SchemaPlan | undefined;
}

/** The place of each issue in `value` (the value the library refused) and in `root`. */
export function placeIssues(
  issues: ReadonlyArray<StandardIssue>,
  value: unknown,
  root: SchemaPlan,
  matchesPattern: (pattern: string, key: string) => boolean,
): IssuePlace[] {
  const places: IssuePlace[] = [];
  for (const issue of issues) {
    const keys = pathKeys(issue.path);
    const { found, missing } = locate(value, keys);
    places.push({ issue, keys, found, missing, plan: planAtPath(root, keys, value, matchesPattern) });
  }
  return places;
}
