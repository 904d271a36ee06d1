// Tools with equal tag lists share one frozen array (an MCP server's tools all carry the same few
// tags). Sharing must never be visible: each tool reads exactly the tags it was given, in order,
// frozen, whatever happens to the config's array afterwards.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

function toolTagged(name: string, tags: string[] | undefined) {
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: `The ${name} tool.`,
    ...(tags === undefined ? {} : { tags }),
    execute: async () => ToolResults.success(name),
  });
}

describe('tag lists', () => {
  it('are one frozen array for equal lists, and each tool keeps exactly its own', () => {
    const given = ['mcp', 'mcp-server:github', 'read-only'];
    const first = toolTagged('First', given);
    const second = toolTagged('Second', ['mcp', 'mcp-server:github', 'read-only']);
    given.push('changed later');
    expect(first.tags).toEqual(['mcp', 'mcp-server:github', 'read-only']);
    expect(first.tags).toBe(second.tags);
    expect(Object.isFrozen(first.tags)).toBe(true);
    // Order and separators matter: none of these is the same list.
    const others = [
      toolTagged('Reordered', ['read-only', 'mcp', 'mcp-server:github']),
      toolTagged('Joined', ['mcp,mcp-server:github', 'read-only']),
      toolTagged('Split', ['mcp', 'mcp-server', 'github', 'read-only']),
    ];
    for (const other of others) expect(other.tags).not.toBe(first.tags);
    expect(others[1]?.tags).toEqual(['mcp,mcp-server:github', 'read-only']);
    expect(toolTagged('Untagged', undefined).tags).toEqual([]);
    expect(first.getMetadata().tags).toEqual(['mcp', 'mcp-server:github', 'read-only']);
  });
});
