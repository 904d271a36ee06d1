import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { McpAdapter, mcpToolName } from '../src/index.js';
import { authConfiguration } from './auth-scenarios.js';
import { scenarioCalls } from './client-scenarios.js';

// The conformance suite's client under test: `client.ts <server-url>`, the scenario in
// MCP_CONFORMANCE_SCENARIO and its data (credentials, ...) in MCP_CONFORMANCE_CONTEXT. It connects
// the way a host does — an `mcpServers` entry parsed by parseMcpServersConfig, no custom
// transport — then does what the scenario asks and exits 0, or prints why not and exits 1.

const SERVER = 'conformance';
const url = process.argv.at(-1) ?? '';
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT
  ? (JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) as Record<string, unknown>)
  : undefined;

async function main(): Promise<number> {
  // The OAuth side's configuration for the auth/* scenarios (credentials, client registration, ...).
  const auth = await authConfiguration(scenario, context);
  const directory = mkdtempSync(join(tmpdir(), 'toolwright-conformance-client-'));
  const adapter = new McpAdapter({
    registry: new ToolRegistry(),
    artifacts: new SessionArtifactStore({
      root: directory,
      namespace: 'mcp',
      // A scenario name such as `auth/metadata-default` is not a session id: its `/` becomes `-`.
      sessionId: scenario === '' ? 'conformance' : scenario.replace(/[^A-Za-z0-9_-]/g, '-'),
    }),
    servers: parseMcpServersConfig({ mcpServers: { [SERVER]: { type: 'http', url, ...auth?.server } } }),
    clientInfo: { name: 'toolwright-conformance-client', version: '1.0.0' },
    // The user accepts every form and fills in nothing: the adapter applies the schema's defaults.
    clientCapabilities: { elicitation: () => ({ action: 'accept', content: {} }) },
    reconnect: { maxAttempts: 0 },
    ...auth?.adapter,
  });
  try {
    const connected = await adapter.connect();
    for (const { reason } of connected.failed) console.error(`connect failed: ${reason}`);
    if (connected.failed.length > 0) return 1;
    const tools = adapter.catalog(SERVER).tools;
    const calls = scenarioCalls(scenario, context, tools);
    if (calls.length === 0) {
      console.log(`connected; ${scenario} asks for no tool call and the server lists none`);
      return 0;
    }
    let failed = 0;
    for (const call of calls) {
      const result = await adapter.callTool(
        mcpToolName(SERVER, call.tool),
        call.arguments as Record<string, unknown>,
        {
          signal: AbortSignal.timeout(25_000),
          sessionId: 'conformance',
          workspaceRoot: process.cwd(),
        },
      );
      const text =
        typeof result.llmContent === 'string' ? result.llmContent : JSON.stringify(result.llmContent);
      console.log(`${call.tool}: ${text}`);
      if (result.error !== undefined) failed++;
    }
    // Some scenarios make calls that must fail (a tool the server answers wrongly on purpose):
    // the suite's checks are the verdict; the exit code says whether every call succeeded.
    return failed === 0 ? 0 : 1;
  } finally {
    await adapter.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 1;
});
