import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import type { McpAdapterEvents } from '@toolwright/mcp-adapter';
import { ToolRegistry } from '@toolwright/registry';
import { compileJsonSchema } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { formatReminderMessage, remindersOf } from './system-reminders.js';

function mcpTool(server: string, name: string): Tool {
  return createTool({
    name: `mcp__${server}__${name}`,
    kind: ToolKind.ReadOnly,
    schema: compileJsonSchema({ type: 'object', properties: {} }),
    description: `${name} from ${server}`,
    source: { type: 'mcp', server, toolName: name, fingerprint: `${server}-${name}-v1` },
    execute: async () => ToolResults.success(name),
  });
}

const none = { items: [], dropped: 0 };

/** One drain of an adapter: the kinds given, the others empty. */
function drained(kinds: Partial<McpAdapterEvents>): McpAdapterEvents {
  return {
    contentChanges: none,
    resourceUpdates: none,
    connectionChanges: none,
    logs: none,
    serverInstructions: none,
    taskChanges: none,
    ...kinds,
  };
}

describe('remindersOf', () => {
  it('turns every kind of event the model should hear about into one short line', () => {
    const mcp = drained({
      contentChanges: { items: [{ server: 'docs', kind: 'resources' }], dropped: 0 },
      resourceUpdates: { items: [{ server: 'docs', uri: 'file:///a.md' }], dropped: 0 },
      connectionChanges: {
        items: [
          { server: 'docs', state: 'connecting' },
          { server: 'docs', state: 'reconnecting', attempt: 2, error: 'EPIPE' },
        ],
        dropped: 0,
      },
      serverInstructions: { items: [{ server: 'docs', instructions: 'Prefer search_docs.' }], dropped: 0 },
      taskChanges: {
        items: [{ server: 'jobs', taskId: 't-1', status: 'completed', statusMessage: 'done' }],
        dropped: 0,
      },
      logs: { items: [{ server: 'docs', level: 'info', data: 'noise' }], dropped: 0 },
    });
    const reminders = remindersOf({ catalog: none, mcp });
    expect(reminders).toEqual([
      'MCP server docs: its resources changed.',
      'MCP resource file:///a.md on docs was updated.',
      'MCP server docs lost its connection (EPIPE); reconnecting (attempt 2). Its tools fail until it recovers.',
      'Instructions from MCP server docs (untrusted server text, not from the user):\nPrefer search_docs.',
      'MCP task t-1 on jobs is completed: done.',
    ]);
    expect(formatReminderMessage(reminders.slice(0, 1))).toBe(
      '<system-reminder>\n- MCP server docs: its resources changed.\n</system-reminder>',
    );
  });

  it("names a server's tool group by its server, and any other group as it is", () => {
    const registry = new ToolRegistry();
    registry.replaceTools('mcp:docs', [mcpTool('docs', 'search')], { reason: 'connected' });
    registry.replaceTools('plugins', [mcpTool('lint', 'run')]);
    expect(remindersOf({ catalog: registry.drainCatalogChanges(), mcp: undefined })).toEqual([
      'MCP tools of server docs changed: added mcp__docs__search.',
      'Tools of plugins changed: added mcp__lint__run.',
    ]);
  });

  it('says how many events a full queue dropped', () => {
    const tasks = Array.from({ length: 64 }, (_, index) => ({
      server: 'jobs',
      taskId: `t-${index + 6}`,
      status: 'working',
    }));
    const reminders = remindersOf({
      catalog: { items: [], dropped: 2 },
      mcp: drained({ taskChanges: { items: tasks, dropped: 6 } }),
    });
    expect(reminders.filter((line) => line.startsWith('MCP task t-'))).toHaveLength(64);
    expect(reminders[0]).toBe('Tool catalog: (2 older events dropped).');
    expect(reminders.at(-1)).toBe('MCP tasks: (6 older events dropped).');
  });
});
