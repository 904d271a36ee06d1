import type { Client, SubscriptionFilter } from '@modelcontextprotocol/client';
import { reasonOf } from './sdk-error-mapping.js';

/**
 * In the 2026-07-28 era a server tells of changed lists only on a `subscriptions/listen` stream
 * the client opened: without one, a modern server's new or removed tools would never reach the
 * catalog. Opens it, on a fresh modern client, for the lists the server says change
 * (`listChanged`); its notifications reach the handlers the 2025 era uses (see
 * installNotificationHandlers). The stream lives as long as the client: closing the connection
 * ends it, and a reconnect makes a new client, for which this runs again. Resolves with the
 * reason when the server refused the stream (the connection stays usable; its lists are then
 * read on connect and reconnect only).
 */
export async function listenForListChanges(
  client: Client,
  listen: (filter: SubscriptionFilter) => Promise<unknown>,
): Promise<string | undefined> {
  if (client.getProtocolEra() !== 'modern') return undefined;
  const capabilities = client.getServerCapabilities();
  const filter: SubscriptionFilter = {
    ...(capabilities?.tools?.listChanged === true ? { toolsListChanged: true } : {}),
    ...(capabilities?.prompts?.listChanged === true ? { promptsListChanged: true } : {}),
    ...(capabilities?.resources?.listChanged === true ? { resourcesListChanged: true } : {}),
  };
  if (Object.keys(filter).length === 0) return undefined;
  try {
    await listen(filter);
    return undefined;
  } catch (error) {
    return reasonOf(error);
  }
}
