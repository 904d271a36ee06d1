import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpToolNameMap, mcpToolName } from './tool-naming.js';

const PORTABLE = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

describe('mcpToolName', () => {
  it('keeps a name that is already portable exactly as mcp__<server>__<tool>', () => {
    expect(mcpToolName('everything', 'get-sum')).toBe('mcp__everything__get-sum');
  });

  it('sanitises and adds a hash suffix when characters had to change', () => {
    const name = mcpToolName('fs', 'read.file');
    expect(name).toMatch(/^mcp__fs__read_file_[0-9a-f]{8}$/);
    expect(name).not.toBe(mcpToolName('fs', 'read_file'));
  });

  it('shortens long names to 64 characters with a hash suffix', () => {
    const name = mcpToolName('server', 'x'.repeat(200));
    expect(name).toHaveLength(64);
    expect(name).toMatch(PORTABLE);
    expect(name).not.toBe(mcpToolName('server', 'x'.repeat(201)));
  });

  it('gives two servers with the same tool names different names', () => {
    expect(mcpToolName('a', 'search')).not.toBe(mcpToolName('b', 'search'));
  });

  it('is always provider-safe, deterministic and independent of other tools (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 300 }),
        (server, tool) => {
          const name = mcpToolName(server, tool);
          expect(name).toMatch(PORTABLE);
          expect(mcpToolName(server, tool)).toBe(name);
        },
      ),
    );
  });

  it('never maps two different (server, tool) pairs to one name (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(fc.constantFrom('s', 's.1', 's_1'), fc.string({ minLength: 1, maxLength: 80 })),
          {
            selector: ([server, tool]) => `${server}\0${tool}`,
            maxLength: 40,
          },
        ),
        (pairs) => {
          const names = new Set(pairs.map(([server, tool]) => mcpToolName(server, tool)));
          expect(names.size).toBe(pairs.length);
        },
      ),
    );
  });
});

describe('McpToolNameMap', () => {
  it('resolves a provider name back to the server and the real tool name, whatever the order of adding', () => {
    const forward = new McpToolNameMap();
    const backward = new McpToolNameMap();
    const pairs: Array<[string, string]> = [
      ['fs', 'read.file'],
      ['fs', 'read_file'],
      ['git', 'read.file'],
    ];
    const forwardNames = pairs.map(([server, tool]) => forward.add(server, tool));
    const backwardNames = [...pairs]
      .reverse()
      .map(([server, tool]) => backward.add(server, tool))
      .reverse();
    expect(forwardNames).toEqual(backwardNames);
    expect(forward.resolve(forwardNames[0]!)).toEqual({ server: 'fs', toolName: 'read.file' });
    expect(forward.resolve(forwardNames[1]!)).toEqual({ server: 'fs', toolName: 'read_file' });
    forward.removeServer('fs');
    expect(forward.size).toBe(1);
    expect(forward.resolve(forwardNames[2]!)).toEqual({ server: 'git', toolName: 'read.file' });
  });
});
