import { afterEach, describe, expect, it } from 'vitest';
import { createSessionFixture, type SessionFixture, toolCall } from '../test-support/executor-fixture.js';
import { connectMcpServers, demoServerConfigs } from './mcp-servers.js';

// Path rules hold for the official filesystem server, spawned for real over stdio and trusted
// ("trust": true): its read tool must not read what Read is denied, and its write and move
// tools must ask before they touch a protected file.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectFilesystem(
  options: Parameters<typeof createSessionFixture>[0],
): Promise<SessionFixture> {
  const setup = createSessionFixture({ trustedMcpServers: ['filesystem'], ...options });
  cleanups.push(() => setup.remove());
  setup.write('secrets/token.txt', 'TOP-SECRET-TOKEN');
  setup.write('notes.md', 'ordinary notes');
  setup.write('a.txt', 'moved');
  const configs = demoServerConfigs(setup.workspace).filter((server) => server.name === 'filesystem');
  const servers = await connectMcpServers(setup.session, configs);
  cleanups.push(() => servers.close());
  expect(servers.failed).toEqual([]);
  // Deferred until ToolSearch loads them; this test calls them directly.
  setup.session.registry.deferred.markLoaded([
    'mcp__filesystem__read_text_file',
    'mcp__filesystem__read_multiple_files',
    'mcp__filesystem__move_file',
    'mcp__filesystem__write_file',
  ]);
  return setup;
}

describe('a trusted filesystem MCP server under the path rules', () => {
  it('read_text_file and read_multiple_files are denied what Read is denied, and read the rest', async () => {
    const { session } = await connectFilesystem({ permissions: { deny: ['Read(secrets/**)'] } });
    const [secret, many, notes] = await session.executor.executeBatch([
      toolCall('mcp__filesystem__read_text_file', { path: 'secrets/token.txt' }),
      toolCall('mcp__filesystem__read_multiple_files', { paths: ['notes.md', 'secrets/token.txt'] }),
      toolCall('mcp__filesystem__read_text_file', { path: 'notes.md' }),
    ]);
    expect(secret?.status).toBe('denied');
    expect(secret?.content).toContain('Read(secrets/**)');
    expect(secret?.content).not.toContain('TOP-SECRET-TOKEN');
    expect(many?.status).toBe('denied');
    expect(many?.content).not.toContain('TOP-SECRET-TOKEN');
    expect(notes?.status).toBe('success');
    expect(notes?.content).toContain('ordinary notes');
  }, 30_000);

  it('a move into the git hooks or a write of package.json asks, and a run nobody watches refuses it without suggesting a rule', async () => {
    const { session, workspace } = await connectFilesystem({
      permissions: { allow: ['mcp__filesystem__*'] },
    });
    const { existsSync } = await import('node:fs');
    const [move, write] = await session.executor.executeBatch([
      toolCall('mcp__filesystem__move_file', { source: 'a.txt', destination: '.git/hooks/pre-commit' }),
      toolCall('mcp__filesystem__write_file', { path: 'package.json', content: '{"scripts":{"test":"x"}}' }),
    ]);
    for (const result of [move, write]) {
      expect(result?.status).toBe('denied');
      expect(result?.content).toContain('is protected');
      expect(result?.content).not.toContain('permissions.allow');
    }
    expect(existsSync(`${workspace}/.git/hooks/pre-commit`)).toBe(false);
    expect(existsSync(`${workspace}/package.json`)).toBe(false);
  }, 30_000);
});
