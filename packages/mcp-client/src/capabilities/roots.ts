import { checkOption, checkOptions, type OptionTable } from '@toolwright/utils';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { invalidOption } from '../invalid-option.js';
import type { McpRoot } from './client-capability-types.js';

// Their values are checked below, with the words of a root.
const ROOT_FIELDS: OptionTable = { uri: { kind: 'custom' }, name: { kind: 'custom' } };

/**
 * Checks a list of roots and returns a frozen copy. MCP roots are `file://` URIs: anything else
 * (a bare path, an `http:` URL) is refused with what was given, so a typo never reaches a server
 * as a root it cannot use.
 *
 * @throws McpClientError `invalid_option`
 */
export function checkRoots(owner: string, roots: unknown): readonly McpRoot[] {
  if (!Array.isArray(roots)) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner} must be an array of { uri: 'file://...', name? }; got ${roots === null ? 'null' : typeof roots}.`,
    );
  }
  return Object.freeze(
    roots.map((root: unknown, index) => {
      const where = `${owner}[${index}]`;
      checkOptions(where, root, ROOT_FIELDS, invalidOption);
      const { uri, name } = root as { uri?: unknown; name?: unknown };
      if (typeof uri !== 'string' || !isFileUrl(uri)) {
        throw new McpClientError(
          McpClientErrorCode.InvalidOption,
          `${where}.uri must be a file:// URI (for a directory, pathToFileURL(path).href); got ${JSON.stringify(uri)}.`,
        );
      }
      checkOption(where, 'name', name, { kind: 'string' }, invalidOption);
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
