import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { waitFor } from '@toolwright/test-support';
import { fixturePath } from '@toolwright/test-support/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../mcp/mcp-servers.js';
import { createSessionFixture, type SessionFixture, toolCall } from '../test-support/executor-fixture.js';
import { connectionReminders, describeConnectionChange } from './connection-reminder.js';
import { drainSystemReminders } from './system-reminders.js';

/** A stdio server fixture of the MCP packages' tests whose `exit-now` tool kills it mid-call. */
const flakyServer = fixturePath('flaky-server.mjs');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('connection reminders', () => {
  it('words every phase so the model knows whether the tools work', () => {
    const words = (change: Parameters<typeof describeConnectionChange>[0]) =>
      describeConnectionChange(change);
    expect(words({ server: 'x', state: 'connecting' })).toBeUndefined();
    expect(words({ server: 'x', state: 'connected' })).toBe(
      'MCP server x is connected; its tools are available.',
    );
    expect(words({ server: 'x', state: 'reconnecting', attempt: 2, error: 'EPIPE' })).toBe(
      'MCP server x lost its connection (EPIPE); reconnecting (attempt 2). Its tools fail until it recovers.',
    );
    expect(words({ server: 'x', state: 'recovered', attempt: 2 })).toBe(
      'MCP server x recovered after 2 attempts; its tools work again (a call that was cut off may or may not have taken effect).',
    );
    expect(words({ server: 'x', state: 'failed', attempt: 5, error: 'spawn ENOENT' })).toBe(
      'MCP server x failed after 5 attempts (spawn ENOENT); its tools are unavailable.',
    );
    expect(words({ server: 'x', state: 'failed', error: 'handshake timed out' })).toBe(
      'MCP server x failed (handshake timed out); its tools are unavailable.',
    );
    expect(words({ server: 'x', state: 'disconnected', error: 'EPIPE' })).toBe(
      'MCP server x is disconnected (EPIPE).',
    );
    expect(words({ server: 'x', state: 'closed' })).toBe('MCP server x was closed; its tools are gone.');
  });

  it('keeps a reconnect under way, but drops one that a later phase of the same server settled', () => {
    expect(
      connectionReminders([
        { server: 'a', state: 'reconnecting', attempt: 1, error: 'gone' },
        { server: 'b', state: 'reconnecting', attempt: 1, error: 'gone' },
        { server: 'a', state: 'reconnecting', attempt: 2, error: 'gone' },
        { server: 'a', state: 'recovered', attempt: 2 },
      ]),
    ).toEqual([
      'MCP server b lost its connection (gone); reconnecting (attempt 1). Its tools fail until it recovers.',
      'MCP server a recovered after 2 attempts; its tools work again (a call that was cut off may or may not have taken effect).',
    ]);
  });

  it('tells the model a real server recovered after it exited mid-call, and that it was closed', async () => {
    const setup: SessionFixture = createSessionFixture({
      permissions: { allow: ['mcp__flaky__*'] },
    });
    cleanups.push(() => setup.remove());
    const servers = await connectMcpServers(
      setup.session,
      parseMcpServersConfig({ mcpServers: { flaky: { command: process.execPath, args: [flakyServer] } } }),
    );
    cleanups.push(() => servers.close());
    const serverLines = () =>
      drainSystemReminders(setup.session.registry, servers.adapter).filter((line) =>
        line.startsWith('MCP server flaky'),
      );
    expect(serverLines()).toEqual(['MCP server flaky is connected; its tools are available.']);

    const { executor } = setup.session;
    await executor.executeBatch([toolCall('ToolSearch', { query: 'select:mcp__flaky__exit-now' })]);
    const [cut] = await executor.executeBatch([toolCall('mcp__flaky__exit-now', {})]);
    expect(cut!.status).toBe('error');
    expect(cut!.content).toContain('closed the connection during tools/call "exit-now"');
    await waitFor(() => servers.statuses()[0]?.phase === 'recovered');
    expect(serverLines()).toEqual([
      'MCP server flaky recovered after 1 attempt; its tools work again (a call that was cut off may or may not have taken effect).',
    ]);

    await servers.close();
    expect(serverLines()).toEqual(['MCP server flaky was closed; its tools are gone.']);
  });
});
