import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, processExists, serverEntry, temporaryDirectory } from './test-support/helpers.js';

let workspace: { path: string; remove(): Promise<void> };
let store: { path: string; remove(): Promise<void> };
let registry: ToolRegistry;
let adapter: McpAdapter;
const run = (tool: string, params: unknown) =>
  registry.get(`mcp__files__${tool}`)!.build(params).execute(executionContext());

beforeAll(async () => {
  workspace = await temporaryDirectory('mcp-fs-workspace');
  store = await temporaryDirectory('mcp-fs-artifacts');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: store.path,
      namespace: 'mcp',
      sessionId: 'filesystem',
    }),
    servers: parseMcpServersConfig({
      mcpServers: {
        files: {
          command: process.execPath,
          args: [serverEntry('@modelcontextprotocol/server-filesystem'), workspace.path],
        },
      },
    }),
  });
  expect((await adapter.connect()).failed).toEqual([]);
});
afterAll(async () => {
  await adapter.close();
  await workspace.remove();
  await store.remove();
});

describe('server-filesystem on a temporary folder', () => {
  it('writes and reads a real file; kinds follow the annotations', async () => {
    expect(registry.get('mcp__files__write_file')?.kind).toBe('execute');
    expect(registry.get('mcp__files__write_file')?.tags).toEqual(
      expect.arrayContaining(['destructive', 'idempotent']),
    );
    expect(registry.get('mcp__files__read_text_file')?.kind).toBe('read-only');
    const path = join(workspace.path, 'note.txt');
    const written = await run('write_file', { path, content: 'hello from toolwright' });
    expect(written.error).toBeUndefined();
    expect(written.metadata?.structuredContent).toEqual({ content: `Successfully wrote to ${path}` });
    expect(await readFile(path, 'utf8')).toBe('hello from toolwright');
    const read = await run('read_text_file', { path });
    expect(JSON.stringify(read.llmContent)).toContain('hello from toolwright');
  });

  it('spills a large file to the artifact store with a preview', async () => {
    const path = join(workspace.path, 'large.txt');
    const content = Array.from({ length: 4000 }, (_, line) => `line ${line} ${'-'.repeat(40)}`).join('\n');
    await writeFile(path, content);
    const read = await run('read_text_file', { path });
    const [part] = Array.isArray(read.llmContent) ? read.llmContent : [];
    expect(part?.type).toBe('artifact');
    expect(read.artifacts?.[0]?.byteLength).toBe(Buffer.byteLength(content));
    expect(JSON.stringify(part)).toContain('line 0 ');
    expect(JSON.stringify(part)).toContain('line 3999 ');
  });

  it('reports a path outside the allowed folder as the server error it is', async () => {
    const denied = await run('read_text_file', { path: '/etc/hostname' });
    expect(denied.error?.type).toBe('execution');
    expect(denied.error?.message).toContain('MCP server "files" tool "read_text_file" reported an error');
    expect(denied.error?.message.toLowerCase()).toContain('access denied');
  });

  it('closes cleanly: the tools leave the registry with one announced change and the child process is gone', async () => {
    const pid = adapter.servers()[0]!.pid!;
    expect(processExists(pid)).toBe(true);
    registry.drainCatalogChanges();
    await adapter.close();
    expect(processExists(pid)).toBe(false);
    expect(registry.getBySource('mcp:files')).toEqual([]);
    const changes = registry.drainCatalogChanges().items;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ source: 'mcp:files', reason: 'closed', added: [], updated: [] });
    expect(changes[0]?.removed).toContain('mcp__files__read_text_file');
    expect(adapter.servers()[0]?.phase).toBe('closed');
  });
});
