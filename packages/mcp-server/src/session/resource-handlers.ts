import type { Server } from '@modelcontextprotocol/server';
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ArtifactAccess } from '../resources/artifact-access.js';
import { readArtifactContents } from '../resources/session-artifacts.js';
import type { ServerCore } from './server-core.js';

/** What the resource handlers need of their session. */
export interface ResourceSession {
  readonly sessionId: string;
  readonly artifacts: ArtifactAccess;
  readonly subscriptions: Set<string>;
}

/**
 * `resources/list` (the host's resources, then this session's artifacts), `resources/read`,
 * `resources/templates/list`, `resources/subscribe` and `resources/unsubscribe`. An artifact is
 * readable only by the session whose tool results pointed to it; any other URI that no resource
 * or template matches is resource-not-found (`-32602` with `data.uri`, as spec 2026-07-28 asks of
 * every revision).
 */
export function registerResourceHandlers(server: Server, core: ServerCore, session: ResourceSession): void {
  server.setRequestHandler('resources/list', () => ({
    resources: [...core.resources.list(), ...session.artifacts.list()],
  }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: core.resources.listTemplates(),
  }));
  server.setRequestHandler('resources/read', async (request, ctx) => {
    const { uri } = request.params;
    const artifactId = session.artifacts.readableId(uri);
    if (artifactId !== undefined && core.store !== undefined) {
      try {
        return { contents: await readArtifactContents(core.store, artifactId, uri) };
      } catch (error) {
        // The store lost it (removed, or a quota reset): the client asked for what is not there.
        if ((error as { code?: unknown } | null)?.code === 'not_found') {
          throw new ResourceNotFoundError(uri);
        }
        throw error;
      }
    }
    const found = core.resources.find(uri);
    if (found === undefined) {
      throw new ResourceNotFoundError(uri);
    }
    const contents = await found.read({
      uri,
      variables: found.variables,
      sessionId: session.sessionId,
      signal: ctx.mcpReq.signal,
    });
    return { contents: [...contents] };
  });
  server.setRequestHandler('resources/subscribe', (request) => {
    const { uri } = request.params;
    if (!isKnown(core, session, uri)) {
      throw new ResourceNotFoundError(uri);
    }
    session.subscriptions.add(uri);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    session.subscriptions.delete(request.params.uri);
    return {};
  });
}

function isKnown(core: ServerCore, session: ResourceSession, uri: string): boolean {
  return session.artifacts.readableId(uri) !== undefined || core.resources.find(uri) !== undefined;
}
