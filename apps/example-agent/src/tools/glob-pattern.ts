import { RE2JS } from 're2js';

/** A compiled glob. */
export interface GlobMatcher {
  /** True when the whole `/`-separated relative path matches. */
  test(path: string): boolean;
}

/**
 * Compiles a glob (`*`, `**`, `?`, `[abc]`, `{a,b}`) into a matcher over `/`-separated relative
 * paths. Written out here because Node 20 has no `fs.glob`. The expression runs on RE2: a
 * model's glob such as `**` repeated many times would make a backtracking engine try every way
 * to split a deep path, while RE2 stays linear in the path length.
 */
export function compileGlob(glob: string): GlobMatcher {
  const expression = RE2JS.compile(globToRegExpSource(glob));
  return { test: (path) => expression.matches(path) };
}

/** The regular-expression source (unanchored; `compileGlob` matches it against the whole path). */
function globToRegExpSource(glob: string): string {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] as string;
    if (char === '*') {
      if (glob[index + 1] === '*') {
        // `**/` matches zero or more whole directories; a trailing `**` matches everything.
        const followedBySlash = glob[index + 2] === '/';
        source += followedBySlash ? '(?:[^/]*/)*' : '.*';
        index += followedBySlash ? 2 : 1;
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const close = glob.indexOf(']', index + 1);
      if (close === -1) {
        source += '\\[';
      } else {
        const body = glob.slice(index + 1, close).replace(/\\/g, '\\\\');
        source += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
        index = close;
      }
    } else if (char === '{') {
      braceDepth += 1;
      source += '(?:';
    } else if (char === '}' && braceDepth > 0) {
      braceDepth -= 1;
      source += ')';
    } else if (char === ',' && braceDepth > 0) {
      source += '|';
    } else {
      source += char.replace(/[.+^${}()|\\]/g, '\\$&');
    }
  }
  while (braceDepth > 0) {
    source += ')';
    braceDepth -= 1;
  }
  return source;
}
