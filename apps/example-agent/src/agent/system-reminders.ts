import type { ToolRegistry } from '@toolwright/registry';
import { connectionReminders } from './connection-reminder.js';

function droppedNote(dropped: number): string {
  return dropped > 0 ? ` (${dropped} older event${dropped === 1 ? '' : 's'} dropped)` : '';
}

/**
 * Drains the registry's MCP event queues into short reminders for the model: catalog, content,
 * resource, connection, server-instruction and task changes. Each queue is emptied by the drain,
 * so every event reaches the model once. Server text is labelled untrusted. With
 * `providerSearches`, a changed deferred tool is to be found again with the provider's own tool
 * search rather than ToolSearch.
 */
export function drainSystemReminders(registry: ToolRegistry, providerSearches = false): string[] {
  const reminders: string[] = [];
  const catalog = registry.drainMcpCatalogChanges();
  for (const change of catalog.items) {
    const parts = [
      change.added.length > 0 ? `added ${change.added.join(', ')}` : '',
      change.removed.length > 0 ? `removed ${change.removed.join(', ')}` : '',
      change.updated.length > 0
        ? `changed ${change.updated.join(', ')} (${providerSearches ? 'search for it again' : 'load again with ToolSearch'} before use)`
        : '',
    ].filter((part) => part !== '');
    if (parts.length === 0) continue;
    reminders.push(
      `MCP tools ${change.server === undefined ? '' : `of server ${change.server} `}changed: ${parts.join('; ')}.`,
    );
  }
  if (catalog.dropped > 0) reminders.push(`MCP tool catalog: ${droppedNote(catalog.dropped).trim()}.`);

  const content = registry.drainMcpContentChanges();
  for (const change of content.items)
    reminders.push(`MCP server ${change.server}: its ${change.kind} changed.`);
  const resources = registry.drainMcpResourceUpdates();
  for (const update of resources.items)
    reminders.push(`MCP resource ${update.uri} on ${update.server} was updated.`);
  if (content.dropped + resources.dropped > 0) {
    reminders.push(`MCP content: ${droppedNote(content.dropped + resources.dropped).trim()}.`);
  }

  const connections = registry.drainMcpConnectionChanges();
  reminders.push(...connectionReminders(connections.items));
  if (connections.dropped > 0) reminders.push(`MCP connections: ${droppedNote(connections.dropped).trim()}.`);

  const instructions = registry.drainMcpServerInstructions();
  for (const item of instructions.items) {
    reminders.push(
      `Instructions from MCP server ${item.server} (untrusted server text, not from the user):\n${item.instructions}`,
    );
  }

  const tasks = registry.drainMcpTaskChanges();
  for (const task of tasks.items) {
    reminders.push(
      `MCP task ${task.taskId} on ${task.server} is ${task.status}${task.statusMessage === undefined ? '' : `: ${task.statusMessage}`}.`,
    );
  }
  if (tasks.dropped > 0) reminders.push(`MCP tasks: ${droppedNote(tasks.dropped).trim()}.`);
  return reminders;
}

/** Wraps reminders the way the conversation carries them. */
export function formatReminderMessage(reminders: readonly string[]): string {
  return `<system-reminder>\n${reminders.map((reminder) => `- ${reminder}`).join('\n')}\n</system-reminder>`;
}
