import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProvider, resolveProviderId } from '../providers/create-provider.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { loadAgentConfig } from './agent-config.js';
import { loadMcpConfig } from './mcp-config.js';

const directory = makeTemporaryDirectory('config');
afterAll(() => directory.remove());

function workspaceWith(name: string, files: Record<string, string>): string {
  const root = join(directory.path, name);
  mkdirSync(root);
  for (const [file, content] of Object.entries(files)) writeFileSync(join(root, file), content);
  return root;
}

describe('toolwright.config.json', () => {
  it('is optional, and a valid file is read as is', () => {
    expect(loadAgentConfig(workspaceWith('empty', {}))).toEqual({});
    const root = workspaceWith('valid', {
      'toolwright.config.json': JSON.stringify({
        provider: 'gemini',
        planMode: true,
        permissions: { allow: ['Read(docs/**)'] },
      }),
    });
    expect(loadAgentConfig(root)).toEqual({
      provider: 'gemini',
      planMode: true,
      permissions: { allow: ['Read(docs/**)'] },
    });
  });

  it('names the file, the key and what is accepted', () => {
    const root = workspaceWith('invalid', {
      'toolwright.config.json': JSON.stringify({
        provider: 'claude',
        permissions: { allow: 'Read' },
        planmode: true,
      }),
    });
    let message = '';
    try {
      loadAgentConfig(root);
    } catch (error) {
      expect(error).toMatchObject({ code: 'config_invalid' });
      message = (error as Error).message;
    }
    expect(message).toContain(join(root, 'toolwright.config.json'));
    expect(message).toContain('/provider');
    expect(message).toContain('openai-responses');
    expect(message).toContain('/permissions/allow');
    expect(message).toContain('key (root): unknown option "planmode" (did you mean "planMode"?)');
  });

  it('names each unknown key with the shared wording (findOptionsProblem): one line per object, nearest name, accepted keys', () => {
    const root = workspaceWith('unknown-keys', {
      'toolwright.config.json': JSON.stringify({
        planmode: true,
        maxTurn: 3,
        permissions: { alow: ['Read(**)'] },
        toolTimeoutsMs: { 'any-tool-name': 1000 },
      }),
    });
    const path = join(root, 'toolwright.config.json');
    let error: unknown;
    try {
      loadAgentConfig(root);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'config_invalid' });
    expect((error as Error).message).toBe(
      [
        `Invalid config in ${path}:`,
        '  key (root): unknown options "planmode" (did you mean "planMode"?), "maxTurn" (did you mean "maxTurns"?); accepted: $schema, provider, model, baseUrl, planMode, permissions, maxTurns, toolTimeoutMs, toolTimeoutsMs, spillThresholdBytes, anthropicToolSearch, openaiToolSearch, mcpConfig, store.',
        '  key /permissions: unknown option "alow" (did you mean "allow"?); accepted: allow, ask, deny.',
      ].join('\n'),
    );
  });

  it('reports unknown keys and bad values together', () => {
    const root = workspaceWith('unknown-and-bad', {
      'toolwright.config.json': JSON.stringify({ provider: 'claude', planmode: true }),
    });
    expect(() => loadAgentConfig(root)).toThrow(
      /key \(root\): unknown option "planmode" \(did you mean "planMode"\?\)[^\n]*\n {2}key \/provider: expected one of/,
    );
  });

  it('reports malformed JSON with the file name', () => {
    const root = workspaceWith('malformed', { 'toolwright.config.json': '{ "provider": ' });
    expect(() => loadAgentConfig(root)).toThrow(/toolwright\.config\.json: not valid JSON/);
  });
});

describe('.mcp.json', () => {
  it('parses the common mcpServers format and names the file on errors', () => {
    const root = workspaceWith('mcp', {
      '.mcp.json': JSON.stringify({ mcpServers: { files: { command: 'node', args: ['server.js'] } } }),
      'broken.mcp.json': JSON.stringify({ mcpServers: { files: { args: ['no command'] } } }),
    });
    expect(loadMcpConfig(root)).toMatchObject([
      { name: 'files', transport: 'stdio', command: 'node', args: ['server.js'] },
    ]);
    expect(() => loadMcpConfig(root, 'broken.mcp.json')).toThrow(/broken\.mcp\.json.*files/s);
  });
});

describe('provider selection', () => {
  it('picks a provider from the environment, else the scripted model', () => {
    expect(resolveProviderId({ env: { ANTHROPIC_API_KEY: 'k' } })).toBe('anthropic');
    expect(resolveProviderId({ env: { OPENAI_API_KEY: 'k' } })).toBe('openai-chat');
    expect(resolveProviderId({ env: { GOOGLE_API_KEY: 'k' } })).toBe('gemini');
    expect(resolveProviderId({ env: { TOOLWRIGHT_BASE_URL: 'http://127.0.0.1:1/v1' } })).toBe(
      'openai-compatible',
    );
    expect(resolveProviderId({ env: {} })).toBe('scripted');
    expect(resolveProviderId({ provider: 'openai-responses', env: { ANTHROPIC_API_KEY: 'k' } })).toBe(
      'openai-responses',
    );
  });

  it('explains what is missing when a chosen provider has no key', async () => {
    await expect(createProvider({ provider: 'gemini', env: {} })).rejects.toThrow(
      /GEMINI_API_KEY or GOOGLE_API_KEY/,
    );
    await expect(createProvider({ env: {} })).rejects.toMatchObject({ code: 'provider_unavailable' });
    const provider = await createProvider({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:1/v1',
      env: {},
    });
    expect(provider).toMatchObject({ id: 'openai-compatible', target: 'openai-chat' });
  });
});
