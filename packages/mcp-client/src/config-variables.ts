import { McpClientError, McpClientErrorCode } from './errors.js';

/** Where variables of a configuration come from: `process.env` unless the caller passes its own. */
export type ConfigEnvironment = Readonly<Record<string, string | undefined>>;

// `${NAME}` and `${NAME:-default}` (Claude Code's .mcp.json), `${env:NAME}` (VS Code), and any
// other `${...}` so that it is refused by name rather than sent as literal text.
const REFERENCE = /\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// VS Code's own variables: named as such when no environment variable of that name is set.
const VS_CODE_PREDEFINED = new Set([
  'workspaceFolder',
  'workspaceFolderBasename',
  'userHome',
  'cwd',
  'pathSeparator',
  'file',
  'fileDirname',
]);

function refuse(server: string, key: string, message: string): never {
  throw new McpClientError(McpClientErrorCode.ConfigInvalid, `MCP server "${server}": "${key}" ${message}`, {
    server,
  });
}

/**
 * `value` with its variable references replaced from `environment`:
 * - `${NAME}`: the variable's value; an unset variable is an error;
 * - `${NAME:-default}`: the variable's value, or `default` when it is unset or empty (as a
 *   POSIX shell does; the default is taken as written, without nested references);
 * - `${env:NAME}`: VS Code's spelling of `${NAME}`.
 * A `$` not followed by `{` is left alone (`$NAME` is not expanded, as in Claude Code). VS Code's
 * `${input:…}` and anything else inside `${…}` that is not a variable name are refused, naming
 * the server, the key and the reference.
 *
 * @throws McpClientError `config_invalid`.
 */
export function expandVariables(
  server: string,
  key: string,
  value: string,
  environment: ConfigEnvironment,
): string {
  if (!value.includes('${')) return value;
  return value.replace(REFERENCE, (reference: string, inner: string) => {
    if (inner.startsWith('input:')) {
      refuse(
        server,
        key,
        `uses ${reference}: VS Code input variables are not supported; set an environment variable and write \${env:NAME} or \${NAME}`,
      );
    }
    const body = inner.startsWith('env:') ? inner.slice(4) : inner;
    const separator = body.indexOf(':-');
    const name = separator === -1 ? body : body.slice(0, separator);
    if (!NAME.test(name)) {
      refuse(
        server,
        key,
        `uses ${reference}, which is not a variable reference; accepted are \${NAME}, \${NAME:-default} and \${env:NAME}`,
      );
    }
    const found = environment[name];
    if (
      found === undefined &&
      separator === -1 &&
      !inner.startsWith('env:') &&
      VS_CODE_PREDEFINED.has(name)
    ) {
      refuse(
        server,
        key,
        `uses ${reference}, a VS Code predefined variable, which is not supported; write the value, or use an environment variable (\${NAME})`,
      );
    }
    if (separator !== -1) return found === undefined || found === '' ? body.slice(separator + 2) : found;
    if (found === undefined) {
      refuse(
        server,
        key,
        `uses ${reference}, but the environment variable ${name} is not set; set it, or give a default: \${${name}:-value}`,
      );
    }
    return found;
  });
}
