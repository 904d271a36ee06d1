import { ToolRegistry } from '@toolwright/registry';
import { describe, expect, it } from 'vitest';
import { drainSystemReminders, formatReminderMessage } from './system-reminders.js';

describe('drainSystemReminders', () => {
  it('turns every queue the model should hear about into one short line, once', () => {
    const registry = new ToolRegistry();
    registry.enqueueMcpContentChange({ server: 'docs', kind: 'resources' });
    registry.enqueueMcpResourceUpdate({ server: 'docs', uri: 'file:///a.md' });
    registry.enqueueMcpResourceUpdate({ server: 'docs', uri: 'file:///a.md' });
    registry.enqueueMcpConnectionChange({ server: 'docs', state: 'connecting' });
    registry.enqueueMcpConnectionChange({
      server: 'docs',
      state: 'reconnecting',
      attempt: 2,
      error: 'EPIPE',
    });
    registry.enqueueMcpServerInstructions({ server: 'docs', instructions: 'Prefer search_docs.' });
    registry.enqueueMcpTaskChange({
      server: 'jobs',
      taskId: 't-1',
      status: 'completed',
      statusMessage: 'done',
    });
    registry.enqueueMcpLog({ server: 'docs', level: 'info', data: 'noise' });

    const reminders = drainSystemReminders(registry);
    expect(reminders).toEqual([
      'MCP server docs: its resources changed.',
      'MCP resource file:///a.md on docs was updated.',
      'MCP server docs lost its connection (EPIPE); reconnecting (attempt 2). Its tools fail until it recovers.',
      'Instructions from MCP server docs (untrusted server text, not from the user):\nPrefer search_docs.',
      'MCP task t-1 on jobs is completed: done.',
    ]);
    // Drained: the next request hears nothing new.
    expect(drainSystemReminders(registry)).toEqual([]);
    expect(formatReminderMessage(reminders.slice(0, 1))).toBe(
      '<system-reminder>\n- MCP server docs: its resources changed.\n</system-reminder>',
    );
  });

  it('says how many events a full queue dropped', () => {
    const registry = new ToolRegistry();
    for (let index = 0; index < 70; index += 1) {
      registry.enqueueMcpTaskChange({ server: 'jobs', taskId: `t-${index}`, status: 'working' });
    }
    const reminders = drainSystemReminders(registry);
    expect(reminders.filter((line) => line.startsWith('MCP task t-'))).toHaveLength(64);
    expect(reminders.at(-1)).toBe('MCP tasks: (6 older events dropped).');
  });
});
