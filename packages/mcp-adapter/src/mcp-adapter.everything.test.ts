import { type ChildProcess, spawn } from 'node:child_process';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { Tool, ToolResult } from '@toolwright/contracts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpContentTools } from './content-tools.js';
import { McpAdapter } from './mcp-adapter.js';
import { createMcpTaskTools } from './task-tools.js';
import {
  executionContext,
  freePort,
  serverEntry,
  temporaryDirectory,
  waitFor,
} from './test-support/helpers.js';

const entry = serverEntry('@modelcontextprotocol/server-everything');

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string'
    ? result.llmContent
    : result.llmContent
        .map((part) =>
          part.type === 'text'
            ? part.text
            : part.type === 'artifact'
              ? (part.preview ?? '')
              : `[${part.type}]`,
        )
        .join('\n');
}

async function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitFor(() => output.includes('listening on port'));
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

describe.each(['stdio', 'streamable-http'] as const)('server-everything over %s', (transport) => {
  let directory: { path: string; remove(): Promise<void> };
  let registry: ToolRegistry;
  let adapter: McpAdapter;
  let httpServer: { url: string; child: ChildProcess } | undefined;
  const run = (name: string, params: unknown, sessionId = 'session-a') =>
    registry.get(name)!.build(params).execute(executionContext(sessionId));

  beforeAll(async () => {
    directory = await temporaryDirectory(`mcp-everything-${transport}`);
    if (transport === 'streamable-http') httpServer = await startHttpServer();
    registry = new ToolRegistry();
    adapter = new McpAdapter({
      registry,
      artifacts: new SessionArtifactStore({
        root: directory.path,
        namespace: 'mcp',
        sessionId: `everything-${transport}`,
      }),
      servers: parseMcpServersConfig({
        mcpServers: {
          everything:
            httpServer === undefined
              ? { command: process.execPath, args: [entry, 'stdio'] }
              : { type: 'http', url: httpServer.url },
        },
      }),
    });
    const result = await adapter.connect();
    expect(result.failed).toEqual([]);
    registry.registerAll([...createMcpContentTools(adapter), ...createMcpTaskTools(adapter)]);
  });
  afterAll(async () => {
    await adapter?.close();
    httpServer?.child.kill('SIGTERM');
    await directory?.remove();
  });

  it('registers the tools deferred, never retry-safe, with kinds from annotations, and queues instructions and phases', async () => {
    const sum = registry.get('mcp__everything__get-sum') as Tool;
    expect(sum).toMatchObject({
      kind: 'read-only',
      shouldDefer: true,
      isRetrySafe: false,
      source: { type: 'mcp', server: 'everything', toolName: 'get-sum' },
    });
    expect(sum.tags).toEqual(
      expect.arrayContaining(['mcp', 'mcp-server:everything', 'read-only', 'idempotent', 'closed-world']),
    );
    const research = registry.get('mcp__everything__simulate-research-query')!;
    expect(research.kind).toBe('execute');
    expect(research.tags).toEqual(expect.arrayContaining(['writes', 'non-destructive']));
    const events = adapter.drainEvents();
    const instructions = events.serverInstructions.items;
    expect(instructions[0]?.server).toBe('everything');
    expect(instructions[0]?.instructions).toContain('untrusted output from MCP server "everything"');
    expect(events.connectionChanges.items.map((change) => change.state)).toEqual(['connecting', 'connected']);
  });

  it('calls tools through the registry: text, structured content checked against the outputSchema, an image', async () => {
    expect(text(await run('mcp__everything__get-sum', { a: 2, b: 3 }))).toContain('The sum of 2 and 3 is 5.');
    const weather = await run('mcp__everything__get-structured-content', { location: 'Chicago' });
    expect(weather.error).toBeUndefined();
    expect(weather.metadata?.structuredContent).toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });
    const image = await run('mcp__everything__get-tiny-image', {});
    expect(Array.isArray(image.llmContent) && image.llmContent.map((part) => part.type)).toEqual([
      'text',
      'image',
      'artifact',
      'text',
    ]);
    expect(image.artifacts?.[0]).toMatchObject({ kind: 'mcp-image', mimeType: 'image/png' });
    expect(() => registry.get('mcp__everything__get-sum')!.build({ a: 'two' })).toThrow(/a/);
  });

  it('lists and reads resources and templates, gets prompts, completes arguments and subscribes', async () => {
    expect(text(await run('McpListResources', {}))).toContain('demo://resource/static/document/');
    expect(text(await run('McpListResourceTemplates', { server: 'everything' }))).toContain(
      'demo://resource/dynamic/text/{resourceId}',
    );
    expect(
      text(await run('McpReadResource', { server: 'everything', uri: 'demo://resource/dynamic/text/1' })),
    ).toContain('demo://resource/dynamic/text/1');
    const blob = await run('McpReadResource', {
      server: 'everything',
      uri: 'demo://resource/dynamic/blob/1',
    });
    expect(blob.artifacts?.[0]).toMatchObject({
      kind: 'mcp-blob',
      sourceUri: 'demo://resource/dynamic/blob/1',
    });
    expect(text(await run('McpListPrompts', {}))).toContain('completable-prompt');
    const prompt = await run('McpGetPrompt', {
      server: 'everything',
      name: 'completable-prompt',
      arguments: { department: 'Engineering', name: 'Bob' },
    });
    expect(text(prompt)).toContain('[user]');
    expect(text(prompt)).toContain('Please promote Bob to the head of the Engineering team.');
    const completion = await run('McpCompleteArgument', {
      server: 'everything',
      prompt: 'completable-prompt',
      argument: 'department',
      value: 'E',
    });
    expect(text(completion)).toContain('Engineering');
    expect(text(completion)).not.toContain('Sales');
    expect(
      text(
        await run('McpSubscribeResource', { server: 'everything', uri: 'demo://resource/dynamic/text/1' }),
      ),
    ).toContain('Subscribed to');
    expect(
      text(
        await run('McpUnsubscribeResource', { server: 'everything', uri: 'demo://resource/dynamic/text/1' }),
      ),
    ).toContain('Unsubscribed');
    const unknown = await run('McpReadResource', { server: 'nowhere', uri: 'x://y' });
    expect(unknown.error).toMatchObject({ type: 'not_found' });
    expect(unknown.error?.message).toContain('no MCP server named "nowhere"; configured servers: everything');
  });

  it('starts, lists, reads and cancels a task owned by the session; another session fails closed', async () => {
    const started = await run('McpStartTask', {
      server: 'everything',
      tool: 'simulate-research-query',
      arguments: { topic: 'tides' },
    });
    expect(started.error).toBeUndefined();
    const taskId = started.metadata?.taskId as string;
    // server-everything's task ids: 32 hex digits.
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    expect(started.metadata?.status).toBe('working');

    for (const [name, params] of [
      ['McpGetTask', { server: 'everything', taskId }],
      ['McpCancelTask', { server: 'everything', taskId }],
    ] as const) {
      const stranger = await run(name, params, 'session-b');
      expect(stranger.error?.type).toBe('not_found');
      expect(stranger.error?.message).toContain(
        `no task "${taskId}" started by this session on MCP server "everything"`,
      );
    }
    expect(text(await run('McpListTasks', {}, 'session-b'))).toBe('This session has no MCP tasks.');
    expect(text(await run('McpListTasks', { server: 'everything' }))).toContain(taskId);
    expect(text(await run('McpGetTask', { server: 'everything', taskId }))).toMatch(
      /: (working|input_required)/,
    );
    const cancelled = await run('McpCancelTask', { server: 'everything', taskId });
    expect(text(cancelled)).toContain(': cancelled');
    expect(adapter.drainEvents().taskChanges.items.map((change) => change.status)).toEqual(
      expect.arrayContaining(['working', 'cancelled']),
    );
    const plain = await run('McpStartTask', {
      server: 'everything',
      tool: 'get-sum',
      arguments: { a: 1, b: 2 },
    });
    expect(plain.error?.message).toContain('does not support running as a task');
  });

  it.runIf(transport === 'stdio')(
    'runs a task-required tool called directly as a task, to its result',
    async () => {
      const result = await run('mcp__everything__simulate-research-query', { topic: 'tides' });
      expect(result.error).toBeUndefined();
      expect(text(result)).toContain('# Research Report: tides');
    },
  );

  it.runIf(transport === 'stdio')('forwards progress notifications to the context', async () => {
    const updates: Array<{ progress?: number; total?: number }> = [];
    const context = {
      ...executionContext(),
      onProgress: (update: { progress?: number; total?: number }) => updates.push(update),
    };
    const result = await registry
      .get('mcp__everything__trigger-long-running-operation')!
      .build({ duration: 0.3, steps: 3 })
      .execute(context);
    expect(result.error).toBeUndefined();
    // The SDK handles notifications a microtask later than responses, so the last step's
    // progress, sent just before the result, can arrive after the call is over; earlier ones cannot.
    const steps = updates.map((update) => [update.progress, update.total]);
    expect(steps.slice(0, 2)).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(steps.length).toBeLessThanOrEqual(3);
  });

  it.runIf(transport === 'stdio')('queues the server logs', async () => {
    adapter.drainEvents();
    await run('mcp__everything__toggle-simulated-logging', {});
    const logs: Array<{ server: string; level: string; data: unknown }> = [];
    await waitFor(() => {
      logs.push(...adapter.drainEvents().logs.items);
      return logs.length > 0;
    });
    expect(logs[0]?.server).toBe('everything');
    expect(String(logs[0]?.data)).toMatch(/message/i);
  });
});
