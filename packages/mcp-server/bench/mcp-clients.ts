// The clients of the bench, each calling one cheap tool of a replica: a small `Report`, answered
// inline (no artifact, no file), so that a call measures the MCP round trip and the replica's
// state on Redis rather than the tool.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { LoadClient } from './client-load.js';

const CHEAP_CALL = { name: 'Report', arguments: { bytes: 64 } };
/**
 * A call unanswered this long counts as failed. Without it, some 2025 calls in flight when their
 * replica is killed wait out the SDK's default (60 s) and the bench with them: seen here, most
 * likely a call whose answer's stream had opened, resumed on another replica that never ran it.
 */
const CALL_TIMEOUT_MS = 5000;

/** The kinds of client a run is made of. */
export interface ClientKind {
  readonly name: string;
  connect(url: string, index: number): Promise<LoadClient>;
}

/** SDK v2 clients speaking spec 2026-07-28 (each request stands alone). */
export const modernClients: ClientKind = {
  name: 'SDK v2 clients, spec 2026-07-28',
  async connect(url, index) {
    const client = new ModernClient(
      { name: `bench-modern-${index}`, version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new ModernTransport(new URL(url)));
    if (client.getProtocolEra() !== 'modern')
      throw new Error(`client ${index} negotiated the ${client.getProtocolEra()} era, not 2026-07-28`);
    return {
      call: () => client.callTool(CHEAP_CALL, { timeout: CALL_TIMEOUT_MS }),
      close: () => client.close(),
    };
  },
};

/** Attempts at opening one 2025 session before the bench gives up. */
const OPENING_ATTEMPTS = 3;

/**
 * SDK v1 clients speaking spec 2025 (a session, re-opened on whichever replica answers). Behind a
 * load balancer the handshake's second request may reach a replica that cannot find the session
 * yet; such a client opens a new session, and the refusal is counted, not hidden.
 */
export const legacyClients: ClientKind = {
  name: 'SDK v1 clients, spec 2025',
  async connect(url, index) {
    const refusedOpenings: string[] = [];
    for (;;) {
      const client = new LegacyClient({ name: `bench-legacy-${index}`, version: '1' });
      const transport = new LegacyTransport(new URL(url));
      try {
        await client.connect(transport);
        // Ending the session (DELETE), as a client done with it does: the replicas keep no
        // leftovers from one run into the next, and no client's session limit fills up.
        const close = async () => {
          await transport.terminateSession();
          await client.close();
        };
        return {
          call: () => client.callTool(CHEAP_CALL, undefined, { timeout: CALL_TIMEOUT_MS }),
          close,
          refusedOpenings,
        };
      } catch (error) {
        await client.close().catch(() => undefined);
        refusedOpenings.push((error as Error).message);
        if (refusedOpenings.length === OPENING_ATTEMPTS)
          throw new Error(`client ${index} could not open a session in ${OPENING_ATTEMPTS} attempts`, {
            cause: error,
          });
      }
    }
  },
};

/** Plain HTTP GETs with keep-alive: the physical reference, one round trip and nothing else. */
export const rawHttpClients: ClientKind = {
  name: 'raw HTTP GET',
  async connect(url) {
    return {
      call: async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
        return response.text();
      },
      close: async () => undefined,
    };
  },
};
