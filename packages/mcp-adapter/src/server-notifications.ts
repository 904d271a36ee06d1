import type { Client } from '@modelcontextprotocol/client';
import { TaskStatusNotificationSchema } from '@modelcontextprotocol/core';
import type { McpLogEntry } from './events/mcp-events.js';
import type { RefreshKind } from './refresh-scheduler.js';
import type { McpTaskStatus } from './tool-call.js';

const MAX_LOG_CHARACTERS = 4096;

/** Where a server's notifications go. */
export interface ServerNotificationSinks {
  onListChanged(kind: RefreshKind): void;
  onLog(entry: Omit<McpLogEntry, 'server'>): void;
  onResourceUpdated(uri: string): void;
  onTaskStatus(task: McpTaskStatus): void;
}

/** Log data as sent, unless it is large: then a truncated JSON preview, so one log cannot flood the queue. */
export function boundedLogData(data: unknown): unknown {
  if (typeof data === 'string') {
    return data.length > MAX_LOG_CHARACTERS ? `${data.slice(0, MAX_LOG_CHARACTERS)}… (truncated)` : data;
  }
  let text: string;
  try {
    text = JSON.stringify(data) ?? 'null';
  } catch {
    return '(log data that cannot be serialised)';
  }
  return text.length > MAX_LOG_CHARACTERS ? `${text.slice(0, MAX_LOG_CHARACTERS)}… (truncated)` : data;
}

/** Routes a fresh client's notifications (list changes, logs, resource updates, task status) to `sinks`. */
export function installNotificationHandlers(client: Client, sinks: ServerNotificationSinks): void {
  client.setNotificationHandler('notifications/tools/list_changed', async () => sinks.onListChanged('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', async () =>
    sinks.onListChanged('resources'),
  );
  client.setNotificationHandler('notifications/prompts/list_changed', async () =>
    sinks.onListChanged('prompts'),
  );
  client.setNotificationHandler('notifications/message', async (notification) => {
    const { level, logger, data } = notification.params;
    sinks.onLog({ level, ...(logger === undefined ? {} : { logger }), data: boundedLogData(data) });
  });
  client.setNotificationHandler('notifications/resources/updated', async (notification) =>
    sinks.onResourceUpdated(notification.params.uri),
  );
  // Task status is 2025-11-25 vocabulary the SDK no longer types: registered by its schema.
  client.setNotificationHandler(
    'notifications/tasks/status',
    { params: TaskStatusNotificationSchema.shape.params },
    async (params) => sinks.onTaskStatus(params),
  );
}
