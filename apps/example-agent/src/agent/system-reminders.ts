import type { McpAdapterEvents } from '@toolwright/mcp-adapter';
import type { CatalogChange, Drained, ToolRegistry } from '@toolwright/registry';
import { connectionReminders } from './connection-reminder.js';

/** Where MCP events come from: the adapter, drained once per request. */
export interface McpEventSource {
  drainEvents(): McpAdapterEvents;
}

/** What one drain of the registry and the adapter produced: the input of the reminders. */
export interface DrainedEvents {
  readonly catalog: Drained<CatalogChange>;
  readonly mcp: McpAdapterEvents | undefined;
}

function droppedNote(dropped: number): string {
  return dropped > 0 ? ` (${dropped} older event${dropped === 1 ? '' : 's'} dropped)` : '';
}

/** The adapter names each server's group `mcp:<server>`; any other group is named as it is. */
function groupWords(source: string): string {
  return source.startsWith('mcp:')
    ? `MCP tools of server ${source.slice('mcp:'.length)}`
    : `Tools of ${source}`;
}

function catalogReminders(catalog: Drained<CatalogChange>, providerSearches: boolean): string[] {
  const reminders: string[] = [];
  for (const change of catalog.items) {
    const parts = [
      change.added.length > 0 ? `added ${change.added.join(', ')}` : '',
      change.removed.length > 0 ? `removed ${change.removed.join(', ')}` : '',
      change.updated.length > 0
        ? `changed ${change.updated.join(', ')} (${providerSearches ? 'search for it again' : 'load again with ToolSearch'} before use)`
        : '',
    ].filter((part) => part !== '');
    if (parts.length === 0) continue;
    reminders.push(`${groupWords(change.source)} changed: ${parts.join('; ')}.`);
  }
  if (catalog.dropped > 0) reminders.push(`Tool catalog: ${droppedNote(catalog.dropped).trim()}.`);
  return reminders;
}

function mcpReminders(events: McpAdapterEvents): string[] {
  const reminders: string[] = [];
  const { contentChanges, resourceUpdates, connectionChanges, serverInstructions, taskChanges } = events;
  for (const change of contentChanges.items)
    reminders.push(`MCP server ${change.server}: its ${change.kind} changed.`);
  for (const update of resourceUpdates.items)
    reminders.push(`MCP resource ${update.uri} on ${update.server} was updated.`);
  if (contentChanges.dropped + resourceUpdates.dropped > 0) {
    reminders.push(`MCP content: ${droppedNote(contentChanges.dropped + resourceUpdates.dropped).trim()}.`);
  }

  reminders.push(...connectionReminders(connectionChanges.items));
  if (connectionChanges.dropped > 0) {
    reminders.push(`MCP connections: ${droppedNote(connectionChanges.dropped).trim()}.`);
  }

  for (const item of serverInstructions.items) {
    reminders.push(
      `Instructions from MCP server ${item.server} (untrusted server text, not from the user):\n${item.instructions}`,
    );
  }

  for (const task of taskChanges.items) {
    reminders.push(
      `MCP task ${task.taskId} on ${task.server} is ${task.status}${task.statusMessage === undefined ? '' : `: ${task.statusMessage}`}.`,
    );
  }
  if (taskChanges.dropped > 0) reminders.push(`MCP tasks: ${droppedNote(taskChanges.dropped).trim()}.`);
  return reminders;
}

/**
 * Short reminders for the model from one drain: catalog, content, resource, connection,
 * server-instruction and task changes. Server logs are not the model's business. Server text is
 * labelled untrusted. With `providerSearches`, a changed deferred tool is to be found again with
 * the provider's own tool search rather than ToolSearch.
 */
export function remindersOf(drained: DrainedEvents, providerSearches = false): string[] {
  return [
    ...catalogReminders(drained.catalog, providerSearches),
    ...(drained.mcp === undefined ? [] : mcpReminders(drained.mcp)),
  ];
}

/**
 * Drains the registry's catalog changes and the adapter's events into reminders. Each change
 * comes out of exactly one drain (the registry's queue for the catalog, the adapter's for the
 * rest; this app listens to neither as events), so every change reaches the model once.
 */
export function drainSystemReminders(
  registry: ToolRegistry,
  mcp?: McpEventSource,
  providerSearches = false,
): string[] {
  return remindersOf({ catalog: registry.drainCatalogChanges(), mcp: mcp?.drainEvents() }, providerSearches);
}

/** Wraps reminders the way the conversation carries them. */
export function formatReminderMessage(reminders: readonly string[]): string {
  return `<system-reminder>\n${reminders.map((reminder) => `- ${reminder}`).join('\n')}\n</system-reminder>`;
}
