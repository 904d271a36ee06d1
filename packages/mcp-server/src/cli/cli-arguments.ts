import { parseArgs } from 'node:util';

/** What the command line asked for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | {
      readonly kind: 'serve';
      readonly config: string;
      readonly transport: 'stdio' | { readonly port: number; readonly host: string };
      readonly allowedHosts: readonly string[];
      readonly artifactsDir: string | undefined;
    };

/** The bin's usage, printed by `--help` and after a usage error. */
export const USAGE = `Usage: toolwright-mcp-server <module> [--stdio | --http <port> [--host <address>]]

Serves the ToolRegistry a module exports as an MCP server.

Arguments:
  <module>                a JavaScript module exporting (as default, or as createServer) a
                          ToolRegistry, server options with a registry, or a function returning one

Options:
  --config <module>       the same module, named by a flag (a launcher that takes --config for
                          itself, such as the MCP Inspector, needs the argument form)
  --stdio                 serve one client over stdin/stdout (the default)
  --http <port>           serve Streamable HTTP on <port> (0 picks a free port) at /mcp
  --host <address>        address to listen on with --http (default 127.0.0.1)
  --allowed-host <name>   a host name clients use besides localhost (repeatable); required
                          with --host 0.0.0.0
  --artifacts-dir <dir>   where large and binary output is stored (default: this user's
                          $XDG_RUNTIME_DIR/toolwright-mcp-server, else
                          $XDG_STATE_HOME/toolwright/mcp-server or ~/.local/state/...;
                          0700 and owner-checked; each run's files removed on exit)
  -V, --version           print the version of @toolwright/mcp-server
  -h, --help              print this help
`;

/** Parses the bin's arguments; throws an `Error` whose message is the usage problem. */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      config: { type: 'string' },
      stdio: { type: 'boolean' },
      http: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'artifacts-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'V' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help === true) return { kind: 'help' };
  if (values.version === true) return { kind: 'version' };
  const config = configModule(values.config, positionals);
  if (values.stdio === true && values.http !== undefined)
    throw new Error('Choose one of --stdio and --http.');
  if (values.host !== undefined && values.http === undefined)
    throw new Error('--host applies to --http only.');
  let transport: 'stdio' | { port: number; host: string } = 'stdio';
  if (values.http !== undefined) {
    const port = Number(values.http);
    if (!/^\d+$/.test(values.http) || port > 65_535) {
      throw new Error(`--http takes a port number from 0 to 65535; got ${JSON.stringify(values.http)}.`);
    }
    transport = { port, host: values.host ?? '127.0.0.1' };
  }
  return {
    kind: 'serve',
    config,
    transport,
    allowedHosts: values['allowed-host'] ?? [],
    artifactsDir: values['artifacts-dir'],
  };
}

/** The config module: the one argument, or `--config` (the spelling the bin had first). */
function configModule(flag: string | undefined, positionals: readonly string[]): string {
  if (positionals.length > 1) {
    throw new Error(
      `Expected one config module; got ${positionals.length} arguments: ${positionals.map((value) => JSON.stringify(value)).join(', ')}.`,
    );
  }
  const [argument] = positionals;
  if (argument !== undefined && flag !== undefined && argument !== flag) {
    throw new Error(
      `Name the config module once, as the argument or with --config; got ${JSON.stringify(argument)} and --config ${JSON.stringify(flag)}.`,
    );
  }
  const chosen = argument ?? flag;
  if (chosen === undefined) throw new Error('A config module is required: toolwright-mcp-server <module>.');
  return chosen;
}
