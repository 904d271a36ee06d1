/**
 * Compiles a glob (`*`, `**`, `?`, `[abc]`, `{a,b}`) into an anchored regular expression over
 * `/`-separated relative paths. Written out here because Node 20 has no `fs.glob`; the output
 * is always linear-time (no nested quantifiers), so a model's pattern cannot stall the loop.
 */
export function globToRegExp(glob: string): RegExp {
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
  return new RegExp(`^${source}$`);
}
