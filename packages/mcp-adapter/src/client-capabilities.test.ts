import { pathToFileURL } from 'node:url';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { ToolResult } from '@toolwright/contracts';
import type { McpClientCapabilities, McpElicitationAnswer, McpFormElicitation } from '@toolwright/mcp-client';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, serverEntry, temporaryDirectory, waitFor } from './test-support/helpers.js';

// server-everything registers its elicitation, sampling and roots tools only for a client that
// declared the capability in its handshake, and asks for the roots itself: a real server that
// calls back, over stdio.
const entry = serverEntry('@modelcontextprotocol/server-everything');
const CALLBACK_TOOLS = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-sampling-request',
  'trigger-url-elicitation',
];

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function connect(clientCapabilities?: McpClientCapabilities) {
  const directory = await temporaryDirectory('mcp-capabilities');
  const adapter = new McpAdapter({
    registry: new ToolRegistry(),
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'caps' }),
    servers: parseMcpServersConfig({
      mcpServers: { everything: { command: process.execPath, args: [entry, 'stdio'] } },
    }),
    reconnect: { maxAttempts: 3, initialDelayMs: 50, maxDelayMs: 200 },
    ...(clientCapabilities === undefined ? {} : { clientCapabilities }),
  });
  cleanups.push(async () => {
    await adapter.close();
    await directory.remove();
  });
  expect((await adapter.connect()).failed).toEqual([]);
  const call = (tool: string, params: Record<string, unknown> = {}) =>
    adapter.callTool(`mcp__everything__${tool}`, params, executionContext());
  const offered = () =>
    adapter
      .catalog('everything')
      .tools.map((tool) => tool.name)
      .filter((name) => CALLBACK_TOOLS.includes(name))
      .sort();
  return { adapter, call, offered };
}

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string'
    ? result.llmContent
    : result.llmContent.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** The JSON the server prints after "Raw result:". */
function rawResult(result: ToolResult): unknown {
  const body = text(result);
  const start = body.indexOf('{', body.indexOf('Raw result:'));
  // The JSON ends where its braces balance (the adapter's untrusted-output marker follows it).
  let depth = 0;
  for (let index = start; index < body.length; index++) {
    if (body[index] === '{') depth++;
    else if (body[index] === '}' && --depth === 0) return JSON.parse(body.slice(start, index + 1));
  }
  throw new Error(`no raw result in ${body}`);
}

describe('clientCapabilities is checked by name and value', () => {
  const adapterWith = (clientCapabilities: unknown) => () =>
    new McpAdapter({
      registry: new ToolRegistry(),
      servers: [],
      artifacts: new SessionArtifactStore({ root: '/nonexistent', namespace: 'mcp', sessionId: 's' }),
      clientCapabilities: clientCapabilities as McpClientCapabilities,
    });

  it('names an unknown handler with the nearest known one, and a handler that is not a function', () => {
    expect(adapterWith({ samplng: () => undefined })).toThrow(
      'McpAdapter.clientCapabilities: unknown option "samplng" (did you mean "sampling"?); accepted: roots, elicitation, urlElicitation, sampling.',
    );
    expect(adapterWith({ elicitation: 'ask' })).toThrow(
      'McpAdapter.clientCapabilities: elicitation must be a function; got string "ask".',
    );
  });

  it('refuses roots that are not file:// URIs, naming the index', () => {
    expect(adapterWith({ roots: [{ uri: 'file:///ok' }, { uri: 'https://example.com/repo' }] })).toThrow(
      'McpAdapter.clientCapabilities.roots[1].uri must be a file:// URI (for a directory, pathToFileURL(path).href); got "https://example.com/repo".',
    );
    expect(adapterWith({ roots: [{ url: 'file:///x' }] })).toThrow(
      /roots\[0\]: unknown option "url" \(did you mean "uri"\?\)/,
    );
    expect(adapterWith({ roots: 'file:///x' })).toThrow(
      "McpAdapter.clientCapabilities.roots must be an array of { uri: 'file://...', name? }; got string.",
    );
  });
});

describe('client capabilities with a real server that calls back', () => {
  it('declares nothing without handlers: the server offers none of its callback tools', async () => {
    const { offered, adapter } = await connect();
    expect(offered()).toEqual([]);
    await expect(adapter.setRoots([])).rejects.toThrow(/roots capability was not offered/);
  });

  it('declares each capability only when its handler is given', async () => {
    const { offered } = await connect({
      sampling: () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: '' } }),
    });
    expect(offered()).toEqual(['trigger-sampling-request']);
  });

  it('answers roots/list with the workspace roots, and tells the server when they change', async () => {
    const first = pathToFileURL('/work/project-a').href;
    const second = pathToFileURL('/work/project-b').href;
    const { adapter, call } = await connect({ roots: [{ uri: first, name: 'project-a' }] });
    expect(text(await call('get-roots-list'))).toContain(`1. project-a\n   URI: ${first}`);
    await adapter.setRoots([{ uri: second, name: 'project-b' }, { uri: first }]);
    // The server lists the roots again on roots/list_changed.
    // Asked again until it has: how soon depends on the machine, not on the adapter.
    let listed = text(await call('get-roots-list'));
    while (!listed.includes('2 total')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      listed = text(await call('get-roots-list'));
    }
    expect(listed).toContain(`1. project-b\n   URI: ${second}`);
    expect(listed).toContain(`2. Unnamed Root\n   URI: ${first}`);
    await expect(adapter.setRoots([{ uri: '/work/project-c' }])).rejects.toThrow(
      'setRoots(roots)[0].uri must be a file:// URI (for a directory, pathToFileURL(path).href); got "/work/project-c".',
    );
  });

  it('form elicitation: the handler sees the message and schema; defaults fill what it left out; decline and cancel pass through', async () => {
    const seen: McpFormElicitation[] = [];
    let answer: McpElicitationAnswer = { action: 'accept', content: { name: 'Ada', check: true } };
    const { call } = await connect({
      elicitation: (request, context) => {
        expect(context.server).toBe('everything');
        expect(context.signal.aborted).toBe(false);
        seen.push(request);
        return answer;
      },
    });
    const accepted = rawResult(await call('trigger-elicitation-request')) as {
      action: string;
      content: Record<string, unknown>;
    };
    expect(seen[0]?.message).toBe('Please provide inputs for the following fields:');
    expect(seen[0]?.requestedSchema).toMatchObject({ type: 'object', required: ['name'] });
    expect(accepted.action).toBe('accept');
    expect(accepted.content).toMatchObject({
      name: 'Ada',
      check: true,
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
    });
    answer = { action: 'decline' };
    expect(rawResult(await call('trigger-elicitation-request'))).toEqual({ action: 'decline' });
    answer = { action: 'cancel' };
    expect(rawResult(await call('trigger-elicitation-request'))).toEqual({ action: 'cancel' });
  });

  it('form elicitation: an answer that does not match the requested schema is never sent', async () => {
    let answer: unknown = { action: 'accept', content: { check: true } };
    const { call } = await connect({ elicitation: () => answer as McpElicitationAnswer });
    const missing = await call('trigger-elicitation-request');
    expect(missing.error).toBeDefined();
    expect(text(missing)).toContain(
      "the client's answer did not match the requested schema and was not sent",
    );
    expect(text(missing)).toMatch(/name/);
    answer = { action: 'accept', content: { name: 'Ada', integer: 500 } };
    expect(text(await call('trigger-elicitation-request'))).toMatch(/did not match.*integer/s);
    // A lossless repair, as typed on a terminal, is made.
    answer = { action: 'accept', content: { name: 'Ada', integer: '7' } };
    expect(rawResult(await call('trigger-elicitation-request'))).toMatchObject({ content: { integer: 7 } });
    answer = { action: 'maybe' };
    expect(text(await call('trigger-elicitation-request'))).toContain(
      `answered {"action":"maybe"}; accepted: { action: 'accept', content? }, { action: 'decline' } or { action: 'cancel' }`,
    );
  });

  it('URL elicitation is declared only with its own handler, which gets the URL and id', async () => {
    const formOnly = await connect({ elicitation: () => ({ action: 'cancel' }) });
    expect(formOnly.offered()).toEqual(['trigger-elicitation-request']);

    const urls: unknown[] = [];
    const { call, offered } = await connect({
      urlElicitation: (request, context) => {
        urls.push({ ...request, server: context.server });
        return { action: 'accept' };
      },
    });
    expect(offered()).toEqual(['trigger-elicitation-request', 'trigger-url-elicitation']);
    const result = await call('trigger-url-elicitation', {
      url: 'https://example.com/consent',
      elicitationId: 'e-1',
    });
    expect(rawResult(result)).toEqual({ action: 'accept' });
    expect(urls).toEqual([
      {
        mode: 'url',
        message: 'Please open the link to complete this action.',
        url: 'https://example.com/consent',
        elicitationId: 'e-1',
        server: 'everything',
      },
    ]);
  });

  it('URL elicitation refuses a URL the user should not be sent to, before the host is asked', async () => {
    const urls: unknown[] = [];
    const { call } = await connect({
      urlElicitation: (request) => {
        urls.push(request.url);
        return { action: 'accept' };
      },
    });
    for (const [url, problem] of [
      ['javascript:alert(document.cookie)', 'it uses javascript:'],
      ['file:///etc/passwd', 'it uses file:'],
      ['data:text/html,<script>x</script>', 'it uses data:'],
      ['http://consent.example.com/grant', 'plain http: on the non-loopback host consent.example.com'],
    ]) {
      const result = await call('trigger-url-elicitation', { url, elicitationId: 'e-2' });
      expect(text(result)).toContain('URL elicitation from MCP server "everything" refused');
      expect(text(result)).toContain(problem);
    }
    expect(urls).toEqual([]);
    // Loopback http stays usable (a local consent page).
    const local = await call('trigger-url-elicitation', {
      url: 'http://127.0.0.1:9/consent',
      elicitationId: 'e-3',
    });
    expect(rawResult(local)).toEqual({ action: 'accept' });
    expect(urls).toEqual(['http://127.0.0.1:9/consent']);
  });

  it('sampling: the request goes to the host handler and its answer back to the server', async () => {
    const requests: CreateMessageRequestParams[] = [];
    const { call } = await connect({
      sampling: (request) => {
        requests.push(request);
        return { role: 'assistant', model: 'host-model', content: { type: 'text', text: 'four' } };
      },
    });
    const result = await call('trigger-sampling-request', { prompt: 'two plus two?', maxTokens: 20 });
    expect(requests[0]).toMatchObject({
      maxTokens: 20,
      systemPrompt: 'You are a helpful test server.',
      messages: [{ role: 'user', content: { type: 'text', text: expect.stringContaining('two plus two?') } }],
    });
    expect(text(result)).toContain('"model": "host-model"');
    expect(text(result)).toContain('"text": "four"');
  });

  it('declares the capabilities again on a reconnect', async () => {
    const root = pathToFileURL('/work/project-a').href;
    const { adapter, call, offered } = await connect({
      roots: [{ uri: root }],
      elicitation: () => ({ action: 'decline' }),
      urlElicitation: () => ({ action: 'decline' }),
      sampling: () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'ok' } }),
    });
    expect(offered()).toEqual(CALLBACK_TOOLS);
    const pid = adapter.connection('everything').pid!;
    process.kill(pid, 'SIGKILL');
    await waitFor(
      () => adapter.connection('everything').pid !== pid && adapter.connection('everything').isConnected,
    );
    await adapter.settled();
    await waitFor(() => offered().length === CALLBACK_TOOLS.length);
    expect(offered()).toEqual(CALLBACK_TOOLS);
    expect(rawResult(await call('trigger-elicitation-request'))).toEqual({ action: 'decline' });
    expect(text(await call('get-roots-list'))).toContain(root);
  }, 60_000);
});
