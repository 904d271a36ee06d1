/**
 * Argument names (compared without case, `_` and `-`) whose values an MCP tool takes as file
 * system paths. MCP tools declare no affected paths, so the policy reads these: the tools of
 * `@modelcontextprotocol/server-filesystem` (`path`, `paths`, `source`, `destination`) and the
 * spellings other servers use for the same thing.
 */
export const PATH_ARGUMENT_NAMES: readonly string[] = Object.freeze([
  'path',
  'paths',
  'filepath',
  'filepaths',
  'file',
  'files',
  'filename',
  'filenames',
  'dir',
  'dirpath',
  'directory',
  'directories',
  'directorypath',
  'folder',
  'source',
  'sourcepath',
  'src',
  'destination',
  'destinationpath',
  'dest',
  'cwd',
  'workdir',
  'workingdirectory',
  'root',
]);

const NAMES: ReadonlySet<string> = new Set(PATH_ARGUMENT_NAMES);

/** The most path values read from one call: past this the call's paths are not all judged. */
const MAX_PATH_ARGUMENTS = 1000;

/**
 * The path-like values among `params`' top-level arguments: strings and arrays of strings under a
 * name in {@link PATH_ARGUMENT_NAMES}. A `file://` URL counts as its path. Other values (nested
 * objects, numbers, URLs of other schemes) are not paths. Throws past {@link MAX_PATH_ARGUMENTS}
 * values, so that the caller refuses a call it could not judge whole.
 */
export function pathArguments(params: unknown): string[] {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return [];
  const found: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (!NAMES.has(name.toLowerCase().replace(/[-_]/g, ''))) continue;
    const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
    for (const item of values) {
      if (typeof item !== 'string' || item === '') continue;
      const path = asPath(item);
      if (path === undefined) continue;
      if (found.length >= MAX_PATH_ARGUMENTS) {
        throw new Error(`more than ${MAX_PATH_ARGUMENTS} path arguments`);
      }
      found.push(path);
    }
  }
  return found;
}

/** A path, a `file:` URL's path, or `undefined` for a URL of another scheme. */
function asPath(value: string): string | undefined {
  if (/^file:/i.test(value)) {
    try {
      return decodeURIComponent(new URL(value).pathname);
    } catch {
      return value;
    }
  }
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? undefined : value;
}
