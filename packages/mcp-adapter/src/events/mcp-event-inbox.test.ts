import type { McpConnectionState } from '@toolwright/mcp-client';
import { describe, expect, it } from 'vitest';
import { MCP_EVENT_QUEUE_CAPACITY, McpEventInbox } from './mcp-event-inbox.js';

describe("the adapter's bounded event queues", () => {
  it('keeps the last 64 of 70 logs, the first being the 7th, and counts 6 dropped', () => {
    const inbox = new McpEventInbox();
    for (let index = 1; index <= 70; index += 1) {
      inbox.logs.enqueue({ server: 'srv', level: 'info', data: `log ${index}` });
    }
    const { logs } = inbox.drain();
    expect(logs.items).toHaveLength(64);
    expect(logs.items[0]?.data).toBe('log 7');
    expect(logs.items.at(-1)?.data).toBe('log 70');
    expect(logs.dropped).toBe(6);
    // A drain empties every queue and resets the counts.
    expect(inbox.drain().logs).toEqual({ items: [], dropped: 0 });
  });

  it('bounds tasks and logs at 64 and every other kind at 32, each drop counted', () => {
    const inbox = new McpEventInbox();
    for (let index = 0; index < 100; index += 1) {
      inbox.taskChanges.enqueue({ server: 's', taskId: `t${index}`, status: 'working' });
      inbox.logs.enqueue({ server: 's', level: 'debug', data: index });
      inbox.contentChanges.enqueue({ server: `s${index}`, kind: 'resources' });
      inbox.connectionChanges.enqueue({ server: 's', state: 'reconnecting', attempt: index });
      inbox.serverInstructions.enqueue({ server: `s${index}`, instructions: 'Be brief.' });
      inbox.resourceUpdates.enqueue({ server: 's', uri: `file:///r${index}` });
    }
    const drained = inbox.drain();
    const sizes = Object.fromEntries(
      Object.entries(drained).map(([kind, queue]) => [kind, [queue.items.length, queue.dropped]]),
    );
    expect(sizes).toEqual({
      contentChanges: [32, 68],
      resourceUpdates: [32, 68],
      connectionChanges: [32, 68],
      logs: [64, 36],
      serverInstructions: [32, 68],
      taskChanges: [64, 36],
    });
    expect(MCP_EVENT_QUEUE_CAPACITY).toEqual(
      Object.fromEntries(Object.entries(sizes).map(([kind, [kept]]) => [kind, kept])),
    );
  });

  it('carries every connection phase, recovered, needs_auth and closed included, in order', () => {
    const inbox = new McpEventInbox();
    const states: McpConnectionState[] = [
      'connecting',
      'connected',
      'reconnecting',
      'recovered',
      'disconnected',
      'failed',
      'needs_auth',
      'closed',
    ];
    for (const state of states) inbox.connectionChanges.enqueue({ server: 'srv', state, attempt: 2 });
    expect(inbox.drain().connectionChanges).toEqual({
      items: states.map((state) => ({ server: 'srv', state, attempt: 2 })),
      dropped: 0,
    });
  });

  it('deduplicates resource updates per server and URI, keeping the first position', () => {
    const inbox = new McpEventInbox();
    inbox.resourceUpdates.enqueue({ server: 'a', uri: 'file:///x' });
    inbox.resourceUpdates.enqueue({ server: 'b', uri: 'file:///x' });
    inbox.resourceUpdates.enqueue({ server: 'a', uri: 'file:///y' });
    inbox.resourceUpdates.enqueue({ server: 'a', uri: 'file:///x' });
    // A server name that contains the separator of a naive key is still its own server.
    inbox.resourceUpdates.enqueue({ server: 'a|file:///x', uri: '' });
    expect(inbox.drain().resourceUpdates).toEqual({
      items: [
        { server: 'a', uri: 'file:///x' },
        { server: 'b', uri: 'file:///x' },
        { server: 'a', uri: 'file:///y' },
        { server: 'a|file:///x', uri: '' },
      ],
      dropped: 0,
    });
  });

  it('stores copies: a producer changing its object later does not change what is drained', () => {
    const inbox = new McpEventInbox();
    const entry = { server: 's', level: 'error' as const, data: { detail: 'original' } };
    inbox.logs.enqueue(entry);
    entry.data.detail = 'rewritten';
    const [drained] = inbox.drain().logs.items;
    expect(drained?.data).toEqual({ detail: 'original' });
    expect(drained).not.toBe(entry);
  });

  it('hands a drain out as a frozen object, so a host cannot mistake it for the live queues', () => {
    expect(Object.isFrozen(new McpEventInbox().drain())).toBe(true);
  });
});
