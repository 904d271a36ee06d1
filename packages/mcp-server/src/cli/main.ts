import type { SessionArtifactStore } from '@toolwright/artifacts';
import type { McpHttpServer } from '../http/http-server.js';
import { serveHttp } from '../http/http-server.js';
import { McpServerError } from '../mcp-server-error.js';
import { serveStdio } from '../stdio-server.js';
import { ToolwrightMcpServer } from '../toolwright-mcp-server.js';
import { type CliCommand, parseCliArguments, USAGE } from './cli-arguments.js';
import { createDefaultArtifactStore } from './default-artifact-store.js';
import { loadServerModule } from './load-server-module.js';
import { startOtlpTraceExport } from './otlp-trace-export.js';
import { ownPackageVersion } from './package-version.js';

/**
 * The `toolwright-mcp-server` program: loads the config module, serves it over stdio or HTTP,
 * and shuts down gracefully (running calls finish, sessions close, its own artifact directory
 * is removed) when the client goes away or the process gets SIGINT or SIGTERM. Everything it
 * says goes to stderr: over stdio, stdout carries the protocol.
 */
export async function main(argv: readonly string[]): Promise<void> {
  let command: CliCommand;
  try {
    command = parseCliArguments(argv);
  } catch (error) {
    process.stderr.write(
      `toolwright-mcp-server: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (command.kind === 'version') {
    process.stdout.write(`toolwright-mcp-server ${ownPackageVersion()}\n`);
    return;
  }
  // Before the module loads: its tools' tracers then find the provider registered.
  const stopTraceExport = await startOtlpTraceExport(process.env, process.stderr);
  const { http: httpSettings, artifacts, ...options } = await loadServerModule(command.config, process.cwd());
  // A store the program made is the program's to remove; one the module brought is not.
  const ownStore = artifacts === undefined ? createDefaultArtifactStore(command.artifactsDir) : undefined;
  const server = new ToolwrightMcpServer({
    ...options,
    artifacts: artifacts ?? (ownStore as SessionArtifactStore),
    onError:
      options.onError ?? ((error) => process.stderr.write(`toolwright-mcp-server: ${String(error)}\n`)),
  });
  let httpServer: McpHttpServer | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await (httpServer === undefined ? server.close() : httpServer.close());
      await server.close();
      await ownStore?.removeAll().catch(() => {});
      await stopTraceExport?.();
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(0));
    });
  }
  // One line on stderr once it serves: a user who started it by hand sees it is up (and which
  // copy), while stdout stays the protocol's alone.
  const serving = `toolwright-mcp-server ${ownPackageVersion()}: serving ${command.config}`;
  if (command.transport === 'stdio') {
    const session = await serveStdio(server);
    process.stderr.write(
      `${serving} over stdio (stdout carries the protocol; close stdin or Ctrl+C to stop)\n`,
    );
    await session.closed;
    await stop();
    return;
  }
  httpServer = await serveHttp(server, {
    ...httpSettings,
    port: command.transport.port,
    host: command.transport.host,
    allowedHosts: [...(httpSettings?.allowedHosts ?? []), ...command.allowedHosts],
  });
  process.stderr.write(`${serving}, listening on ${httpServer.url}\n`);
}

/** Runs {@link main} and reports a failure the way a command line should: one line, exit 1. */
export function runMain(argv: readonly string[]): void {
  main(argv).catch((error: unknown) => {
    const message =
      McpServerError.isInstance(error) || error instanceof Error ? error.message : String(error);
    process.stderr.write(`toolwright-mcp-server: ${message}\n`);
    process.exitCode = 1;
  });
}
