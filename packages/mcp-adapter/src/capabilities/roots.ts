import { McpAdapterError, McpAdapterErrorCode } from '../errors.js';
import { checkOptions, checkTypeOption } from '../option-checks.js';
import type { McpRoot } from './client-capability-types.js';

const ROOT_FIELDS = ['uri', 'name'] as const;

/**
 * Checks a list of roots and returns a frozen copy. MCP roots are `file://` URIs: anything else
 * (a bare path, an `http:` URL) is refused with what was given, so a typo never reaches a server
 * as a root it cannot use.
 *
 * @throws McpAdapterError `invalid_option`
 */
export function checkRoots(owner: string, roots: unknown): readonly McpRoot[] {
  if (!Array.isArray(roots)) {
    throw new McpAdapterError(
      McpAdapterErrorCode.InvalidOption,
      `${owner} must be an array of { uri: 'file://...', name? }; got ${roots === null ? 'null' : typeof roots}.`,
    );
  }
  return Object.freeze(
    roots.map((root: unknown, index) => {
      const where = `${owner}[${index}]`;
      checkOptions(where, root, ROOT_FIELDS);
      const { uri, name } = root as { uri?: unknown; name?: unknown };
      if (typeof uri !== 'string' || !isFileUrl(uri)) {
        throw new McpAdapterError(
          McpAdapterErrorCode.InvalidOption,
          `${where}.uri must be a file:// URI (for a directory, pathToFileURL(path).href); got ${JSON.stringify(uri)}.`,
        );
      }
      checkTypeOption(where, 'name', name, 'string');
      return Object.freeze(name === undefined ? { uri } : { uri, name: name as string });
    }),
  );
}

function isFileUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'file:';
  } catch {
    return false;
  }
}
