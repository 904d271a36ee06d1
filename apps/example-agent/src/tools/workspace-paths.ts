import { isAbsolute, relative, resolve } from 'node:path';

/**
 * Resolves a path a model sent against the workspace root. Models send both absolute and
 * relative paths; every built-in tool resolves them the same way so that `affectedPaths`, the
 * permission check and the file operation all see the same absolute path.
 */
export function resolveWorkspacePath(workspaceRoot: string, path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(workspaceRoot, path);
}

/** The path as shown to the model and in permission rules: relative when inside the workspace. */
export function displayPath(workspaceRoot: string, absolutePath: string): string {
  const inside = relative(workspaceRoot, absolutePath);
  return inside === '' ? '.' : inside.startsWith('..') || isAbsolute(inside) ? absolutePath : inside;
}
