// createTool copies a config's description and source so that a later change to the config
// cannot reach the tool; one that is frozen and only data cannot change, and is kept as given
// (an MCP adapter passes one of each per listed tool: a copy beside it cost every tool of a large
// catalog two more objects).
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import type { ToolDescription } from './tool-description.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';
import type { ToolSource } from './tool-source.js';

const make = (description: string | ToolDescription, source?: ToolSource) =>
  createTool({
    name: 'mcp__files__search',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description,
    ...(source === undefined ? {} : { source }),
    execute: async () => ToolResults.success(''),
  });

const mcpSource = {
  type: 'mcp',
  server: 'files',
  toolName: 'search',
  fingerprint: 'files/search#1',
} as const;

describe('frozen description and source', () => {
  it('are kept as given when frozen and only data', () => {
    const description = Object.freeze({ short: 'Searches files.', important: 'Third-party text.' });
    const source = Object.freeze({ ...mcpSource });
    const tool = make(description, source);
    expect(tool.description).toBe(description);
    expect(tool.source).toBe(source);
  });

  it('are copied and frozen when the config could still change them', () => {
    const description = { short: 'Searches files.' };
    const source = { ...mcpSource };
    const tool = make(description, source);
    expect(tool.description).not.toBe(description);
    expect(tool.source).not.toBe(source);
    description.short = 'changed';
    (source as { server: string }).server = 'changed';
    expect(tool.description.short).toBe('Searches files.');
    expect(tool.source).toEqual(mcpSource);
    expect(Object.isFrozen(tool.description) && Object.isFrozen(tool.source)).toBe(true);
  });

  it('are copied when frozen but not plain text (a getter, a list of notes)', () => {
    let text = 'Searches files.';
    const withGetter = Object.freeze({
      get short() {
        return text;
      },
    });
    const tool = make(withGetter);
    text = 'changed';
    expect(tool.description.short).toBe('Searches files.');
    const notes = ['Prefer globs.'];
    const withList = Object.freeze({ short: 'Searches files.', usageNotes: notes });
    const listed = make(withList);
    notes.push('changed');
    expect(listed.description).not.toBe(withList);
    expect(listed.description.usageNotes).toEqual(['Prefer globs.']);
  });
});
