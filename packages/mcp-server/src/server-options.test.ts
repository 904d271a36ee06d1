import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { serveHttp } from './http/http-server.js';
import { McpServerError } from './mcp-server-error.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const registry = createSampleRegistry();

function refusal(make: () => unknown): string {
  const error = thrownBy(make, McpServerError);
  expect(error.code).toBe('invalid_option');
  return error.message;
}

describe('ToolwrightMcpServer options, checked by name and value', () => {
  it('refuses an unknown option with the nearest name', () => {
    expect(refusal(() => new ToolwrightMcpServer({ registry, artefacts: {} } as never))).toMatch(
      /unknown option "artefacts" \(did you mean "artifacts"\?\)/,
    );
  });

  it('refuses what is not a registry, a store, an executor or a callback', () => {
    expect(refusal(() => new ToolwrightMcpServer({ registry: {} as never }))).toMatch(
      /registry must be a ToolRegistry/,
    );
    expect(refusal(() => new ToolwrightMcpServer({ registry, artifacts: { write() {} } as never }))).toMatch(
      /artifacts must be an artifact store \(write, read, spill\)/,
    );
    expect(refusal(() => new ToolwrightMcpServer({ registry, executor: {} as never }))).toMatch(
      /executor must be/,
    );
    expect(refusal(() => new ToolwrightMcpServer({ registry, includeTool: 'Echo' as never }))).toMatch(
      /includeTool must be a function/,
    );
    expect(refusal(() => new ToolwrightMcpServer({ registry, serverInfo: { name: 'x' } as never }))).toMatch(
      /serverInfo/,
    );
  });

  it('checks limits by name and range', () => {
    expect(
      refusal(() => new ToolwrightMcpServer({ registry, limits: { inlineMediaMaxByte: 1 } as never })),
    ).toMatch(/did you mean "limits.inlineMediaMaxBytes"/);
    expect(refusal(() => new ToolwrightMcpServer({ registry, limits: { spillThresholdBytes: -1 } }))).toMatch(
      /limits.spillThresholdBytes must be an integer from 0 up; got integer -1/,
    );
    expect(refusal(() => new ToolwrightMcpServer({ registry, listChangedDebounceMs: Number.NaN }))).toMatch(
      /listChangedDebounceMs/,
    );
  });

  it('checks each resource, template and prompt definition, naming it', () => {
    expect(
      refusal(
        () =>
          new ToolwrightMcpServer({
            registry,
            resources: [{ uri: 'a://b', name: 'b', reed: () => [] } as never],
          }),
      ),
    ).toMatch(/resources\[0\]: unknown option "reed" \(did you mean "read"\?\)/);
    expect(
      refusal(() => new ToolwrightMcpServer({ registry, resources: [{ uri: 'a://b', name: 'b' } as never] })),
    ).toMatch(/resources\[0\]: read must be a function; got nothing\./);
    const read = () => [];
    expect(
      refusal(
        () =>
          new ToolwrightMcpServer({
            registry,
            resources: [
              { uri: 'a://b', name: 'b', read },
              { uri: 'a://b', name: 'c', read },
            ],
          }),
      ),
    ).toMatch(/resources\[1\]: uri must be unique among resources/);
    expect(
      refusal(
        () =>
          new ToolwrightMcpServer({
            registry,
            resourceTemplates: [{ uriTemplate: 'a://{', name: 't', read }],
          }),
      ),
    ).toMatch(/resourceTemplates\[0\]: uriTemplate must be an RFC 6570 URI template/);
    expect(
      refusal(
        () =>
          new ToolwrightMcpServer({
            registry,
            prompts: [
              {
                name: 'p',
                arguments: [{ name: 'a', requird: true } as never],
                get: () => ({ messages: [] }),
              },
            ],
          }),
      ),
    ).toMatch(/prompts\[0\] arguments\[0\]: unknown option "requird" \(did you mean "required"\?\)/);
  });
});

describe('serveHttp options, checked by name and value', () => {
  const server = new ToolwrightMcpServer({ registry });

  it('refuses unknown and out-of-range options before listening', async () => {
    await expect(serveHttp(server, { allowedHost: ['a'] } as never)).rejects.toThrow(
      /unknown option "allowedHost" \(did you mean "allowedHosts"\?\)/,
    );
    await expect(serveHttp(server, { port: 70_000 })).rejects.toThrow(
      /port must be an integer from 0 to 65535/,
    );
    await expect(serveHttp(server, { path: 'mcp' })).rejects.toThrow(/path must be a path starting with \//);
    await expect(serveHttp(server, { dnsRebindingProtection: 'yes' as never })).rejects.toThrow(
      /dnsRebindingProtection must be true or false; got string "yes"/,
    );
  });

  it('refuses shutdownGraceMs and its deprecated former name shutdownTimeoutMs with different values', async () => {
    await expect(serveHttp(server, { shutdownGraceMs: 100, shutdownTimeoutMs: 200 })).rejects.toThrow(
      'serveHttp: shutdownGraceMs (integer 100) and its deprecated former name shutdownTimeoutMs (integer 200) are both set and differ; set only shutdownGraceMs.',
    );
    await expect(serveHttp(server, { shutdownTimeoutMs: -1 })).rejects.toThrow(
      /shutdownTimeoutMs must be a number from 0 to 2147483647; got integer -1/,
    );
  });

  it('refuses a close() given graceMs and its deprecated former name timeoutMs with different values', async () => {
    const http = await serveHttp(server);
    await expect(http.close({ graceMs: 1, timeoutMs: 2 })).rejects.toThrow(
      /McpHttpServer\.close: graceMs \(integer 1\) and its deprecated former name timeoutMs \(integer 2\) are both set and differ/,
    );
    await expect(server.close({ graceMs: Number.NaN })).rejects.toThrow(/graceMs must be a number from 0/);
    // A refused close() starts no shutdown: a corrected one still runs.
    await http.close({ graceMs: 0, timeoutMs: 0 });
    await expect(rawRequest(http.url, { body: INITIALIZE_BODY })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('reports an address in use as listen_failed', async () => {
    const first = await serveHttp(server);
    await expect(serveHttp(server, { port: first.port })).rejects.toSatisfy(
      (error: unknown) => McpServerError.isInstance(error) && error.code === 'listen_failed',
    );
    await first.close();
  });
});
