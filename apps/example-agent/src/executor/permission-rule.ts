import { AgentError, AgentErrorCode } from '../errors.js';
import { compileGlob, type GlobMatcher } from '../tools/glob-pattern.js';

/**
 * A parsed allow/deny rule. Written `Tool` (every call of the tool), `Tool(pattern)` (calls whose
 * affected paths — relative to the workspace, or absolute — match the glob) or with `*` in the
 * tool name (`mcp__everything__*`).
 */
export interface PermissionRule {
  readonly source: string;
  readonly toolName: RegExp;
  /** Absent for a whole-tool rule. */
  readonly pathPattern: GlobMatcher | undefined;
}

const RULE_SYNTAX = /^([A-Za-z0-9_*.-]+)(?:\((.+)\))?$/;

/** Parses one rule; the error names the rule and shows the accepted forms. */
export function parsePermissionRule(source: string): PermissionRule {
  const match = RULE_SYNTAX.exec(source.trim());
  if (match === null) {
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `Invalid permission rule ${JSON.stringify(source)}; accepted forms: "Tool", "Tool(glob)", "mcp__server__*".`,
    );
  }
  const [, toolName = '', pathPattern] = match;
  return {
    source,
    toolName: new RegExp(`^${toolName.replace(/[.+^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*')}$`),
    pathPattern: pathPattern === undefined ? undefined : compileGlob(pathPattern),
  };
}

/** True when `rule` covers a call of `toolName` touching `paths` (each given relative and absolute). */
export function ruleMatches(
  rule: PermissionRule,
  toolName: string,
  paths: ReadonlyArray<{ relative: string; absolute: string }>,
): boolean {
  if (!rule.toolName.test(toolName)) return false;
  if (rule.pathPattern === undefined) return true;
  const pattern = rule.pathPattern;
  return (
    paths.length > 0 && paths.every((path) => pattern.test(path.relative) || pattern.test(path.absolute))
  );
}
