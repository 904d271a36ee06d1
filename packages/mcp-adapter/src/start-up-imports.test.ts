// What importing the package loads. TypeBox (about what the MCP client itself costs to load) is
// needed only by the helper tools, so it loads when createMcpContentTools / createMcpTaskTools
// first make them; Ajv (through @toolwright/validation) only with the first foreign schema
// compiled; the stdio support (`@toolwright/mcp-client/stdio`) with the first stdio connect; the
// OAuth flows (mcp-client's `#oauth-flows`: the SDK's OAuth client, discovery, the loopback
// receiver) with the first OAuth connect, though the adapter checks its `oauth` options when it is
// made; @toolwright/artifacts (the head and tail of a text the store refused) with the first
// refusal. The built ESM and CJS outputs are loaded natively by Node in a child process.
import { join } from 'node:path';
import { builtEntryForThisFile, modulesLoadedBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');

// Imports the build and reports what is loaded; then makes the helper tools, registers them and
// builds a call of each kind (their TypeBox schemas validate), and reports again.
const probe = (entry: string) => `
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const require = createRequire(import.meta.url);
const loaded = () => {
  const paths = Object.keys(require.cache);
  return {
    typebox: paths.some((path) => path.includes('/@sinclair/typebox/')),
    ajv: paths.some((path) => path.includes('/ajv/')),
    stdio: paths.some((path) => path.includes('/mcp-client/dist/stdio.')),
    oauthFlows: paths.some((path) => path.includes('/mcp-client/dist/oauth-flows.')),
    artifacts: paths.some((path) => path.includes('/artifacts/dist/')),
  };
};
const adapterPackage = ${entry === 'index.cjs' ? "require('./index.cjs')" : "await import('./index.js')"};
const before = loaded();
// A mark in the list of loaded modules: what came before it, the import alone loaded.
await import('data:text/javascript,export{}//import-done');
const { ToolRegistry } = await import('@toolwright/registry');
const { SessionArtifactStore } = await import('@toolwright/artifacts');
const registry = new ToolRegistry();
const scratch = mkdtempSync(join(tmpdir(), 'probe-'));
const artifacts = new SessionArtifactStore({ root: scratch, namespace: 'mcp', sessionId: 'probe' });
const adapter = new adapterPackage.McpAdapter({
  registry,
  artifacts,
  servers: [],
  oauth: { storeDirectory: join(scratch, 'oauth') },
});
let refusedOAuth;
try { new adapterPackage.McpAdapter({ registry, artifacts, servers: [], oauth: { authorizationTimeoutMs: -1 } }); } catch (error) { refusedOAuth = error.code; }
const tools = [...adapterPackage.createMcpContentTools(adapter), ...adapterPackage.createMcpTaskTools(adapter)];
registry.registerAll(tools);
const built = registry.get('McpListResources').build({});
let refused;
try { registry.get('McpReadResource').build({ server: 'x' }); } catch (error) { refused = error.code; }
const after = loaded();
await import('data:text/javascript,export{}//tools-made');
// The first OAuth connect: its transport is made by the flows the oauth entry loads now.
const { mcpOAuth } = ${entry === 'index.cjs' ? "require('@toolwright/mcp-client/oauth')" : "await import('@toolwright/mcp-client/oauth')"};
const transport = await mcpOAuth({ storeDirectory: join(scratch, 'oauth') }).transport(
  { name: 'hosted', transport: 'streamable-http', url: new URL('https://mcp.example.com/mcp'), headers: {} },
  { grant: 'client_credentials', clientId: 'c', clientSecret: 's', scopes: [], tokenEndpointAuthMethod: undefined, privateKey: undefined,
    signingAlgorithm: 'RS256', clientMetadataUrl: undefined, authorizationServer: undefined, clientName: 'toolwright',
    redirectPort: undefined, identityProvider: undefined },
);
console.log(JSON.stringify({ before, after, afterConnect: loaded(), transport: typeof transport.start, tools: tools.length, built: built !== undefined, refused, refusedOAuth }));
`;

const built = builtEntryForThisFile({
  packageDir,
  name: 'start-up-imports',
  probes: { 'probe-esm.mjs': probe('index.js'), 'probe-cjs.mjs': probe('index.cjs') },
});

describe('importing @toolwright/mcp-adapter', () => {
  it.each(['esm', 'cjs'])(
    '(%s) loads TypeBox when the helper tools are made, the OAuth flows on the first OAuth connect, and Ajv not at all',
    async (format) => {
      const run = await modulesLoadedBy([join(built.directory, `probe-${format}.mjs`)], {
        cwd: built.directory,
      });
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(report).toEqual({
        before: { typebox: false, ajv: false, stdio: false, oauthFlows: false, artifacts: false },
        after: { typebox: true, ajv: false, stdio: false, oauthFlows: false, artifacts: false },
        // The CommonJS build requires the flows; the ES one imports them (the module list below).
        afterConnect: {
          typebox: true,
          ajv: false,
          stdio: false,
          oauthFlows: format === 'cjs',
          artifacts: false,
        },
        transport: 'function',
        tools: expect.any(Number),
        built: true,
        refused: 'validation_failed',
        // The oauth options were checked when the adapter was made, without the flows.
        refusedOAuth: 'invalid_option',
      });
      expect(report.tools).toBeGreaterThanOrEqual(10);
      // Nor did the ES module loader load them with the import (a static import would pass there).
      const byImport = run.modules.slice(
        0,
        run.modules.indexOf('data:text/javascript,export{}//import-done'),
      );
      // Nor the stdio support (the SDK's stdio transport, process spawning): a stdio connect loads
      // it; nor the OAuth flows, until the first OAuth connect, in either build.
      expect(
        byImport.filter((url) =>
          /\/@sinclair\/typebox\/|\/ajv\/|\/mcp-client\/dist\/(stdio|oauth-flows)\.|\/artifacts\/dist\/|\/cross-spawn\//.test(
            url,
          ),
        ),
      ).toEqual([]);
      const beforeConnect = run.modules.slice(
        0,
        run.modules.indexOf('data:text/javascript,export{}//tools-made'),
      );
      expect(beforeConnect.filter((url) => url.includes('/mcp-client/dist/oauth-flows.'))).toEqual([]);
      if (format === 'esm')
        expect(run.modules.filter((url) => url.includes('/mcp-client/dist/oauth-flows.js'))).toHaveLength(1);
      // The list is not empty by accident: the ESM build's imports pass the hooks (the CJS build's
      // requires do not, on Node 20; require.cache above covers those).
      if (format === 'esm')
        expect(byImport.some((url) => url.includes('/@modelcontextprotocol/client/'))).toBe(true);
    },
  );
});
