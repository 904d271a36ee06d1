import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer as LegacyMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { acceptedContent, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { McpClientCapabilities, McpRequestContext, McpServerDefinition } from '@toolwright/mcp-client';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { startModernHttpServer } from '@toolwright/test-support/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

// The user answers a server's question (an elicitation, a sampling request) in twice the request
// timeout: that time is the user's, not the server's. The timeout leaves a loaded machine (CI runs
// the suites side by side on two cores) ample time for the server's own steps.
const REQUEST_TIMEOUT_MS = 1_000;
const USER_ANSWERS_AFTER_MS = 2 * REQUEST_TIMEOUT_MS;
// Below the user's time, above the request timeout: only the total cap can end the wait.
const TOTAL_CAP_MS = 1_500;

const cleanups: Array<() => Promise<unknown>> = [];
let stopped = false;
afterEach(async () => {
  stopped = true;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  stopped = false;
});

/** What the servers heard from the user, by tool. */
const heard = new Map<string, unknown>();

async function stall(): Promise<void> {
  while (!stopped) await sleep(50);
}

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const } },
  required: ['confirm'],
};

/** A 2025-era server whose tools ask the client while the call runs. */
function legacyServer(): LegacyMcpServer {
  const server = new LegacyMcpServer({ name: 'legacy', version: '1.0.0' });
  const ask = () => server.server.elicitInput({ message: 'Deploy?', requestedSchema: CONFIRM_SCHEMA });
  server.registerTool('confirm', { description: 'Asks, then answers.' }, async () => {
    const answer = await ask();
    return { content: [{ type: 'text', text: `deploy: ${answer.action}` }] };
  });
  server.registerTool('confirm-then-stall', { description: 'Asks, then never answers.' }, async () => {
    heard.set('confirm-then-stall', (await ask()).action);
    await stall();
    return { content: [{ type: 'text', text: 'stopped' }] };
  });
  server.registerTool('summarise', { description: 'Asks for a completion.' }, async () => {
    const answer = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise.' } }],
      maxTokens: 10,
    });
    return { content: [{ type: 'text', text: `summary: ${JSON.stringify(answer.content)}` }] };
  });
  return server;
}

/** A 2026-07-28 server whose tools ask through `input_required`. */
function modernServer(): McpServer {
  const server = new McpServer({ name: 'modern', version: '1.0.0' });
  const confirmation = z.object({ confirm: z.boolean() });
  const ask = () =>
    inputRequired({
      inputRequests: { confirm: inputRequired.elicit({ message: 'Deploy?', requestedSchema: confirmation }) },
    });
  server.registerTool('confirm', { description: 'Asks, then answers.' }, async (ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmation);
    if (answer === undefined) return ask();
    return { content: [{ type: 'text', text: `deploy: ${answer.confirm}` }] };
  });
  server.registerTool('confirm-then-stall', { description: 'Asks, then never answers.' }, async (ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmation);
    if (answer === undefined) return ask();
    heard.set('confirm-then-stall', answer.confirm);
    await stall();
    return { content: [{ type: 'text', text: 'stopped' }] };
  });
  return server;
}

/** The user, who takes `ms` to answer, or gives up when the request is cancelled. */
function slowUser(ms: number): McpClientCapabilities {
  const wait = async (context: McpRequestContext) => {
    await sleep(ms, undefined, { signal: context.signal }).catch(() => undefined);
  };
  return {
    elicitation: async (_request, context) => {
      await wait(context);
      return { action: 'accept', content: { confirm: true } };
    },
    sampling: async (_request, context) => {
      await wait(context);
      return { role: 'assistant', model: 'user', content: { type: 'text', text: 'short' } };
    },
  };
}

async function connect(server: McpServerDefinition, options: { userMs: number; maxTotalRequestMs?: number }) {
  const directory = await temporaryDirectory('mcp-user-wait');
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'wait' }),
    deferTools: false,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    ...(options.maxTotalRequestMs === undefined ? {} : { maxTotalRequestMs: options.maxTotalRequestMs }),
    reconnect: { maxAttempts: 0 },
    clientCapabilities: slowUser(options.userMs),
    servers: [server],
  });
  cleanups.push(
    () => directory.remove(),
    () => adapter.close(),
  );
  expect((await adapter.connect()).failed).toEqual([]);
  return (tool: string) =>
    registry.get(`mcp__${server.name}__${tool}`)!.build({}).execute(executionContext());
}

async function modern(): Promise<McpServerDefinition> {
  const server = await startModernHttpServer(modernServer);
  cleanups.push(() => server.close());
  return parseMcpServersConfig({ mcpServers: { modern: { url: server.url.href } } })[0]!;
}

const eras = [
  ['2025 era (elicitation/create during the call)', async () => inMemoryServer('legacy', legacyServer)],
  ['2026-07-28 era (input_required)', modern],
] as const;

describe.each(eras)('waiting for the user, %s', (_era, server) => {
  it('does not count against the request timeout: the call succeeds', async () => {
    const call = await connect(await server(), { userMs: USER_ANSWERS_AFTER_MS });
    const result = await call('confirm');
    expect(result.error).toBeUndefined();
    expect(JSON.stringify(result.llmContent)).toContain('deploy: ');
  });

  it('still counts against the total cap, which names itself', async () => {
    const call = await connect(await server(), {
      userMs: 4 * USER_ANSWERS_AFTER_MS,
      maxTotalRequestMs: TOTAL_CAP_MS,
    });
    const result = await call('confirm');
    expect(result.error?.type).toBe('timeout');
    expect(result.error?.message).toContain(`within ${TOTAL_CAP_MS} ms in all (maxTotalRequestMs`);
  });

  it('gives a server that stalls after the answer its request timeout again', async () => {
    heard.clear();
    const call = await connect(await server(), { userMs: USER_ANSWERS_AFTER_MS });
    const result = await call('confirm-then-stall');
    // The server got the answer, so the call outlived the wait; then its silence timed out.
    expect(heard.get('confirm-then-stall')).toBeTruthy();
    expect(result.error?.type).toBe('timeout');
    expect(result.error?.message).toContain(`within ${REQUEST_TIMEOUT_MS} ms; the request was cancelled`);
  });
});

describe('waiting for the user to answer a sampling request (2025 era)', () => {
  it('does not count against the request timeout', async () => {
    const call = await connect(inMemoryServer('legacy', legacyServer), { userMs: USER_ANSWERS_AFTER_MS });
    const result = await call('summarise');
    expect(result.error).toBeUndefined();
    expect(JSON.stringify(result.llmContent)).toContain('short');
  });
});
