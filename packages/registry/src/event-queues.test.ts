import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { McpConnectionState } from './mcp-events.js';
import { ToolRegistry } from './tool-registry.js';

describe('bounded MCP event queues', () => {
  it('keeps the last 64 of 70 logs, the first being the 7th, and counts 6 dropped', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    for (let index = 1; index <= 70; index += 1) {
      registry.enqueueMcpLog({ server: 'srv', level: 'info', data: `log ${index}` });
    }
    const drained = registry.drainMcpLogs();
    expect(drained.items).toHaveLength(64);
    expect(drained.items[0]?.data).toBe('log 7');
    expect(drained.items.at(-1)?.data).toBe('log 70');
    expect(drained.dropped).toBe(6);
    // A drain empties the queue and resets the count.
    expect(registry.drainMcpLogs()).toEqual({ items: [], dropped: 0 });
  });

  it('bounds tasks at 64 and every other queue at 32', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    for (let index = 0; index < 100; index += 1) {
      registry.enqueueMcpTaskChange({ server: 's', taskId: `t${index}`, status: 'working' });
      registry.enqueueMcpContentChange({ server: `s${index}`, kind: 'resources' });
      registry.enqueueMcpConnectionChange({ server: 's', state: 'reconnecting', attempt: index });
      registry.enqueueMcpServerInstructions({ server: `s${index}`, instructions: 'Be brief.' });
      registry.enqueueMcpResourceUpdate({ server: 's', uri: `file:///r${index}` });
      registry.enqueueMcpCatalogChange({ added: [`t${index}`], removed: [], updated: [], revision: index });
    }
    const sizes = [
      registry.drainMcpTaskChanges(),
      registry.drainMcpContentChanges(),
      registry.drainMcpConnectionChanges(),
      registry.drainMcpServerInstructions(),
      registry.drainMcpResourceUpdates(),
      registry.drainMcpCatalogChanges(),
    ].map((drained) => [drained.items.length, drained.dropped]);
    expect(sizes).toEqual([
      [64, 36],
      [32, 68],
      [32, 68],
      [32, 68],
      [32, 68],
      [32, 68],
    ]);
  });

  it('carries every connection phase, recovered and closed included, in order', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const states: McpConnectionState[] = [
      'connecting',
      'connected',
      'reconnecting',
      'recovered',
      'disconnected',
      'failed',
      'closed',
    ];
    for (const state of states) registry.enqueueMcpConnectionChange({ server: 'srv', state, attempt: 2 });
    expect(registry.drainMcpConnectionChanges()).toEqual({
      items: states.map((state) => ({ server: 'srv', state, attempt: 2 })),
      dropped: 0,
    });
  });

  it('deduplicates resource updates per server and URI, keeping the first position', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.enqueueMcpResourceUpdate({ server: 'a', uri: 'file:///x' });
    registry.enqueueMcpResourceUpdate({ server: 'b', uri: 'file:///x' });
    registry.enqueueMcpResourceUpdate({ server: 'a', uri: 'file:///y' });
    registry.enqueueMcpResourceUpdate({ server: 'a', uri: 'file:///x' });
    expect(registry.drainMcpResourceUpdates()).toEqual({
      items: [
        { server: 'a', uri: 'file:///x' },
        { server: 'b', uri: 'file:///x' },
        { server: 'a', uri: 'file:///y' },
      ],
      dropped: 0,
    });
  });

  it('stores copies: a producer changing its object later does not change what is drained', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const entry = { server: 's', level: 'error' as const, data: { detail: 'original' } };
    registry.enqueueMcpLog(entry);
    entry.data.detail = 'rewritten';
    const drained = registry.drainMcpLogs();
    expect(drained.items[0]?.data).toEqual({ detail: 'original' });
    expect(drained.items[0]).not.toBe(entry);
  });

  it('refuses an item that cannot be copied and leaves the queue as it was', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.enqueueMcpLog({ server: 's', level: 'info', data: 'kept' });
    expect(() => registry.enqueueMcpLog({ server: 's', level: 'info', data: () => 'a function' })).toThrow(
      expect.objectContaining({ code: 'event_not_cloneable', message: expect.stringContaining('mcp-logs') }),
    );
    expect(registry.drainMcpLogs()).toEqual({
      items: [{ server: 's', level: 'info', data: 'kept' }],
      dropped: 0,
    });
  });

  it('for any number of items, a drain returns the newest min(n, capacity) in order and counts the rest', () => {
    fc.assert(
      fc.property(fc.nat({ max: 200 }), fc.constantFrom('logs', 'connections'), (count, queue) => {
        const registry = new ToolRegistry({ toolSearch: false });
        const capacity = queue === 'logs' ? 64 : 32;
        for (let index = 0; index < count; index += 1) {
          if (queue === 'logs') registry.enqueueMcpLog({ server: 's', level: 'info', data: index });
          else registry.enqueueMcpConnectionChange({ server: 's', state: 'connecting', attempt: index });
        }
        const drained = queue === 'logs' ? registry.drainMcpLogs() : registry.drainMcpConnectionChanges();
        const values = drained.items.map((item) => ('data' in item ? item.data : item.attempt));
        const kept = Math.min(count, capacity);
        expect(values).toEqual(Array.from({ length: kept }, (_, index) => count - kept + index));
        expect(drained.dropped).toBe(count - kept);
      }),
      { numRuns: 100 },
    );
  });
});
