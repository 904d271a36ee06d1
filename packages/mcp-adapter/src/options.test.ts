import { SessionArtifactStore } from '@toolwright/artifacts';
import {
  ClientCapabilitySet,
  McpClientError,
  McpConnectionManager,
  ServerConnection,
} from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
import { screenContentList, screenToolCatalog } from './catalog-screen.js';
import { McpAdapterError } from './errors.js';
import { McpAdapter } from './mcp-adapter.js';
import type { McpAdapterOptions } from './mcp-adapter-options.js';
import { listAllPages } from './paginate.js';
import { RefreshScheduler } from './refresh-scheduler.js';

const base = (): McpAdapterOptions => ({
  registry: new ToolRegistry(),
  servers: [],
  artifacts: new SessionArtifactStore({ root: '/nonexistent', namespace: 'mcp', sessionId: 'options' }),
});

/**
 * The error `create` throws, with code invalid_option (checked here): an McpAdapterError for the
 * adapter's own options, an McpClientError for the connection options and server definitions,
 * which `@toolwright/mcp-client` checks.
 */
function optionError(create: () => unknown): McpAdapterError | McpClientError {
  try {
    create();
  } catch (error) {
    expect(McpAdapterError.isInstance(error) || McpClientError.isInstance(error)).toBe(true);
    expect((error as McpAdapterError).code).toBe('invalid_option');
    return error as McpAdapterError;
  }
  throw new Error('expected the options to be refused');
}

const adapterError = (extra: Record<string, unknown>) =>
  optionError(() => new McpAdapter({ ...base(), ...extra } as McpAdapterOptions)).message;

describe('McpAdapter options are checked by name and value', () => {
  it('refuses an unknown option, naming the nearest known one', () => {
    expect(adapterError({ requestTimeoutMS: 5000 })).toBe(
      'McpAdapter: unknown option "requestTimeoutMS" (did you mean "requestTimeoutMs"?); accepted: registry, servers, artifacts, limits, output, clientInfo, clientCapabilities, connectTimeoutMs, requestTimeoutMs, maxTotalRequestMs, reconnect, shutdownGraceMs, stdioMaxMessageBytes, oauth, telemetry, deferTools, listChangedDebounceMs, onDiagnostic.',
    );
  });

  it('checks nested options by name too', () => {
    expect(adapterError({ limits: { maxTool: 5 } })).toBe(
      'McpAdapter.limits: unknown option "maxTool"; accepted: maxToolsPerServer, maxEntriesPerList, maxNameLength, maxDescriptionBytes, maxSchemaBytes, maxSchemaDepth, maxPages.',
    );
    expect(adapterError({ reconnect: { maxAttempt: 3 } })).toBe(
      'McpAdapter.reconnect: unknown option "maxAttempt" (did you mean "maxAttempts"?); accepted: maxAttempts, initialDelayMs, maxDelayMs.',
    );
    expect(adapterError({ output: { inlineImageMaxByte: 1 } })).toBe(
      'McpAdapter.output: unknown option "inlineImageMaxByte" (did you mean "inlineImageMaxBytes"?); accepted: spillThresholdBytes, inlineImageMaxBytes, textThresholdBytes.',
    );
    expect(adapterError({ oauth: { storeDir: '/tmp' } })).toBe(
      'McpAdapter.oauth: unknown option "storeDir"; accepted: storeDirectory, onAuthorizationUrl, authorizationTimeoutMs, loginCommand, credentialStore.',
    );
    expect(adapterError({ clientInfo: { nme: 'x', version: '1' } })).toBe(
      'McpAdapter: unknown option "clientInfo.nme" (did you mean "clientInfo.name"?); accepted: clientInfo.name, clientInfo.version, clientInfo.title, clientInfo.description, clientInfo.websiteUrl, clientInfo.icons.',
    );
  });

  it('refuses numbers out of range: zero timeouts, timers setTimeout would cut to 1 ms, negative attempts', () => {
    expect(adapterError({ connectTimeoutMs: 0 })).toBe(
      'McpAdapter: connectTimeoutMs must be a number from 1 to 2147483647; got integer 0.',
    );
    expect(adapterError({ requestTimeoutMs: 3_000_000_000 })).toBe(
      'McpAdapter: requestTimeoutMs must be a number from 1 to 2147483647; got integer 3000000000.',
    );
    expect(adapterError({ maxTotalRequestMs: 0 })).toBe(
      'McpAdapter: maxTotalRequestMs must be a number from 1 to 2147483647; got integer 0.',
    );
    expect(adapterError({ reconnect: { maxAttempts: -1 } })).toBe(
      'McpAdapter.reconnect: maxAttempts must be an integer from 0 to 1000; got integer -1.',
    );
    expect(adapterError({ limits: { maxPages: 1.5 } })).toBe(
      'McpAdapter.limits: maxPages must be an integer from 1 to 9007199254740991; got number 1.5.',
    );
    expect(adapterError({ stdioMaxMessageBytes: 0 })).toMatch(
      /^McpAdapter: stdioMaxMessageBytes must be an integer from 1 to \d+; got integer 0\.$/,
    );
    expect(adapterError({ listChangedDebounceMs: Number.NaN })).toBe(
      'McpAdapter: listChangedDebounceMs must be a number from 0 to 2147483647; got number NaN.',
    );
    expect(adapterError({ deferTools: 'yes' })).toBe(
      'McpAdapter: deferTools must be true or false; got string "yes".',
    );
  });

  it('refuses missing or wrong required parts, and a server definition with an unknown key', () => {
    expect(adapterError({ registry: undefined })).toBe(
      'McpAdapter: registry must be a ToolRegistry; it is missing.',
    );
    expect(adapterError({ artifacts: {} })).toBe(
      'McpAdapter: artifacts must be a SessionArtifactStore (write and spill); it has no write, spill.',
    );
    expect(adapterError({ servers: 'everything' })).toBe(
      'McpAdapter: servers must be an array of server definitions (see parseMcpServersConfig); got string.',
    );
    expect(
      adapterError({
        servers: [
          { name: 'mine', transport: 'custom', createTransport: () => undefined, requestTimeoutMS: 10 },
        ],
      }),
    ).toBe(
      'McpAdapter.servers[0] ("mine"): unknown option "requestTimeoutMS" (did you mean "requestTimeoutMs"?); accepted: name, transport, connectTimeoutMs, requestTimeoutMs, includeTools, excludeTools, createTransport.',
    );
    expect(
      adapterError({
        servers: [
          {
            name: 'api',
            transport: 'sse',
            url: new URL('http://127.0.0.1/sse'),
            headers: { 'x-key': 'k\n' },
          },
        ],
      }),
    ).toBe(
      'McpAdapter.servers[0] ("api"): the value of header "x-key" has a control character (such as CR or LF) at position 2; header values accept visible ASCII, spaces, tabs and Latin-1 (U+00A0 to U+00FF) only (the value is not shown).',
    );
    expect(adapterError({ servers: [{ name: 'mine', transport: 'websocket' }] })).toBe(
      'McpAdapter.servers[0] ("mine"): transport must be "stdio", "streamable-http", "sse" or "custom"; got string "websocket".',
    );
  });

  it('accepts every documented option', () => {
    const adapter = new McpAdapter({
      ...base(),
      limits: { maxPages: 5 },
      output: { spillThresholdBytes: 1024, inlineImageMaxBytes: 0 },
      connectTimeoutMs: 1000,
      requestTimeoutMs: 1000,
      maxTotalRequestMs: 1000,
      reconnect: { maxAttempts: 0, initialDelayMs: 0, maxDelayMs: 0 },
      stdioMaxMessageBytes: 1024,
      shutdownGraceMs: 0,
      deferTools: false,
      listChangedDebounceMs: 0,
      clientInfo: { name: 'host', version: '1.0.0' },
      onDiagnostic: () => undefined,
    });
    expect(adapter.servers()).toEqual([]);
  });
});

describe('every other options object of the package is checked by name', () => {
  it('McpConnectionManager', () => {
    expect(optionError(() => new McpConnectionManager([], { conectTimeoutMs: 5 } as never)).message).toBe(
      'McpConnectionManager: unknown option "conectTimeoutMs" (did you mean "connectTimeoutMs"?); accepted: clientInfo, clientCapabilities, connectTimeoutMs, requestTimeoutMs, maxTotalRequestMs, reconnect, shutdownGraceMs, stdioMaxMessageBytes, oauth, telemetry, stdio, formAnswerCheck, onConnectionChange, onReady.',
    );
    expect(optionError(() => new McpConnectionManager([], { shutdownGraceMs: -5 })).message).toBe(
      'McpConnectionManager: shutdownGraceMs must be a number from 0 to 2147483647; got integer -5.',
    );
  });

  it('ServerConnection options and hooks', () => {
    const options = {
      clientInfo: { name: 'c', version: '1' },
      connectTimeoutMs: 1,
      requestTimeoutMs: 1,
      maxTotalRequestMs: 1,
      reconnect: { maxAttempts: 0, initialDelayMs: 0, maxDelayMs: 0 },
      shutdownGraceMs: 0,
      stdioMaxMessageBytes: 1,
      clientCapabilities: new ClientCapabilitySet('c', undefined),
    };
    const definition = { name: 'c', transport: 'custom' as const, createTransport: () => undefined as never };
    const hooks = { onChange: () => undefined, onReady: () => undefined };
    expect(
      optionError(() => new ServerConnection(definition, { ...options, retries: 2 } as never, hooks)).message,
    ).toMatch(/^ServerConnection: unknown option "retries"; accepted: clientInfo, /);
    expect(
      optionError(
        () => new ServerConnection(definition, options, { ...hooks, onChanged: () => undefined } as never),
      ).message,
    ).toBe(
      'ServerConnection hooks: unknown option "onChanged" (did you mean "onChange"?); accepted: onChange, onReady.',
    );
  });

  it('RefreshScheduler', () => {
    expect(
      optionError(
        () =>
          new RefreshScheduler({
            run: async () => undefined,
            onError: () => undefined,
            debounce: 5,
          } as never),
      ).message,
    ).toBe(
      'RefreshScheduler: unknown option "debounce" (did you mean "debounceMs"?); accepted: run, debounceMs, onError.',
    );
  });

  it('listAllPages', async () => {
    const refused = await listAllPages(async () => ({ items: [], nextCursor: undefined }), {
      server: 's',
      list: 'tools',
      maxPage: 3,
    } as never).catch((error: unknown) => error as McpAdapterError);
    expect(McpAdapterError.isInstance(refused)).toBe(true);
    expect((refused as McpAdapterError).message).toBe(
      'listAllPages: unknown option "maxPage" (did you mean "maxPages"?); accepted: server, list, maxPages, keyOf.',
    );
  });

  it('the catalog screens take all, some or none of the limits, each checked', () => {
    expect(optionError(() => screenToolCatalog('s', [], { maxToolsPerServr: 1 } as never)).message).toContain(
      'screenToolCatalog limits: unknown option "maxToolsPerServr" (did you mean "maxToolsPerServer"?)',
    );
    expect(
      optionError(() =>
        screenContentList('s', 'prompts', [], { ...DEFAULT_CATALOG_LIMITS, maxEntriesPerList: 0 }),
      ).message,
    ).toBe(
      'screenContentList limits: maxEntriesPerList must be an integer from 1 to 9007199254740991; got integer 0.',
    );
    const tools = [1, 2, 3].map((index) => ({ name: `t${index}`, inputSchema: { type: 'object' } }));
    expect(
      screenToolCatalog('s', tools, { maxToolsPerServer: 2 }).entries.map((entry) => entry.name),
    ).toEqual(['t1', 't2']);
  });
});
