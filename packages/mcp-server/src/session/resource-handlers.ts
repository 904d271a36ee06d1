import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { artifactIdOf } from '../resources/artifact-uri.js';
import type { SessionArtifacts } from '../resources/session-artifacts.js';
import type { ServerCore } from './server-core.js';

/** The spec's error code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;

/** What the resource handlers need of their session. */
export interface ResourceSession {
  readonly sessionId: string;
  readonly artifacts: SessionArtifacts;
  readonly subscriptions: Set<string>;
}

/**
 * `resources/list` (the host's resources, then this session's artifacts), `resources/read`,
 * `resources/templates/list`, `resources/subscribe` and `resources/unsubscribe`. An artifact is
 * readable only by the session whose tool results pointed to it; any other URI that no resource
 * or template matches is `-32002`.
 */
export function registerResourceHandlers(server: Server, core: ServerCore, session: ResourceSession): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [...core.resources.list(), ...session.artifacts.list()],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: core.resources.listTemplates(),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    const artifactId = artifactIdOf(uri);
    if (artifactId !== undefined && core.store !== undefined && session.artifacts.has(artifactId)) {
      try {
        return { contents: await session.artifacts.read(core.store, artifactId, uri) };
      } catch (error) {
        // The store lost it (removed, or a quota reset): the client asked for what is not there.
        if ((error as { code?: unknown } | null)?.code === 'not_found') {
          throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
        }
        throw error;
      }
    }
    const found = core.resources.find(uri);
    if (found === undefined) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    }
    const contents = await found.read({
      uri,
      variables: found.variables,
      sessionId: session.sessionId,
      signal: extra.signal,
    });
    return { contents: [...contents] };
  });
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    const { uri } = request.params;
    if (!isKnown(core, session, uri)) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    }
    session.subscriptions.add(uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    session.subscriptions.delete(request.params.uri);
    return {};
  });
}

function isKnown(core: ServerCore, session: ResourceSession, uri: string): boolean {
  const artifactId = artifactIdOf(uri);
  if (artifactId !== undefined) return session.artifacts.has(artifactId);
  return core.resources.find(uri) !== undefined;
}
