import { resolve, sep } from 'node:path';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import type { ConfigEnvironment } from '../config-variables.js';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { invalidOption } from '../invalid-option.js';
import { type McpServerConfig, parseMcpServersConfig } from '../server-config.js';
import type { FolderFile } from './folder-files.js';
import { realPathOf } from './folder-files.js';
import type { FolderTrustCheck } from './folder-trust-store.js';
import { describeMcpServersConfig, type McpServerDescription } from './server-description.js';

/** A folder's MCP servers file, loaded as far as the folder's trust allows. */
export type ProjectMcpServers =
  | {
      /** The folder is trusted: `servers` are parsed (variables expanded) and ready to connect. */
      readonly trusted: true;
      readonly file: FolderFile;
      readonly servers: readonly McpServerConfig[];
      readonly descriptions: readonly McpServerDescription[];
    }
  | {
      /** The folder is not trusted: nothing to connect, only what the file would do. */
      readonly trusted: false;
      readonly file: FolderFile;
      readonly servers: readonly [];
      readonly descriptions: readonly McpServerDescription[];
      /**
       * Why the file was not described: not JSON or not an object, or its real path is outside
       * the folder (a link out of it), which is not parsed until the folder is trusted.
       */
      readonly problem?: string;
    };

/** Options of {@link projectMcpServers}. */
export interface ProjectMcpServersOptions {
  /** Where a trusted file's `${NAME}` references are looked up; default `process.env`. */
  readonly env?: ConfigEnvironment;
}

const OPTION_NAMES: OptionTable<ProjectMcpServersOptions> = { env: { kind: 'custom' } };

/**
 * The MCP servers of `file`, one of the files `check` covers, parsed from the content the check
 * read. In a trusted folder they are parsed as `parseMcpServersConfig` does; in an untrusted one
 * nothing is expanded (no environment variable is read), started or contacted: `servers` is
 * empty and `descriptions` say what the file would start or contact, for asking the user.
 * An untrusted file whose real path is outside the folder (a link to `/proc/self/environ` or
 * another user file) is not parsed at all, so no error text can carry its content: `problem`
 * says where it links. A missing file has no servers.
 *
 * @throws McpClientError `invalid_option` when `file` is not among the files `check` covers;
 *   `config_invalid` from parsing a trusted folder's file.
 */
export function projectMcpServers(
  check: FolderTrustCheck,
  file: string,
  options: ProjectMcpServersOptions = {},
): ProjectMcpServers {
  checkOptions('projectMcpServers', options, OPTION_NAMES, invalidOption);
  const covered = coveredFile(check, file);
  if (covered.content === undefined) {
    return check.trusted
      ? { trusted: true, file: covered, servers: [], descriptions: [] }
      : { trusted: false, file: covered, servers: [], descriptions: [] };
  }
  if (check.trusted) {
    const servers = parseMcpServersConfig(
      covered.content,
      options.env === undefined ? {} : { env: options.env },
    );
    return { trusted: true, file: covered, servers, descriptions: describeMcpServersConfig(covered.content) };
  }
  if (covered.realPath !== check.folder && !covered.realPath.startsWith(`${check.folder}${sep}`)) {
    const problem = `${covered.path} links outside the folder, to ${covered.realPath}; it is not read until the folder is trusted`;
    return { trusted: false, file: covered, servers: [], descriptions: [], problem };
  }
  try {
    return {
      trusted: false,
      file: covered,
      servers: [],
      descriptions: describeMcpServersConfig(covered.content),
    };
  } catch (error) {
    if (!McpClientError.isInstance(error)) throw error;
    return { trusted: false, file: covered, servers: [], descriptions: [], problem: error.message };
  }
}

/** The entry of `check.files` that is `file` (any spelling of it). */
function coveredFile(check: FolderTrustCheck, file: string): FolderFile {
  if (typeof file !== 'string' || file === '') {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `projectMcpServers: "file" must be a non-empty path, got ${JSON.stringify(file)}`,
    );
  }
  const realPath = realPathOf(resolve(check.folder, file));
  const found = check.files.find((candidate) => candidate.realPath === realPath);
  if (found === undefined) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `projectMcpServers: ${file} is not one of the files the folder check covers (${check.files.map((each) => each.path).join(', ') || 'none'}); pass it to FolderTrustStore.check`,
    );
  }
  return found;
}
