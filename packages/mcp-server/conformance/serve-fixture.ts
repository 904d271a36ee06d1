import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { serveHttp, ToolwrightMcpServer } from '../src/index.js';
import createServer from './fixture-server.js';

/** The fixture served over Streamable HTTP on 127.0.0.1, as the suite expects to find it. */
export async function serveFixture(): Promise<{ url: string; stop(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'toolwright-conformance-'));
  const { http: httpSettings, ...options } = createServer();
  const server = new ToolwrightMcpServer({
    ...options,
    artifacts: new SessionArtifactStore({ root, namespace: 'mcp-server', sessionId: 'conformance' }),
  });
  const http = await serveHttp(server, { ...httpSettings, host: '127.0.0.1', port: 0 });
  return {
    url: http.url,
    async stop() {
      await http.close({ graceMs: 1000 });
      rmSync(root, { recursive: true, force: true });
    },
  };
}
