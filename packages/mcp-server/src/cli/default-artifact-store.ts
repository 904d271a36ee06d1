import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';

/**
 * The bin's artifact store when the config module brings none: private (0700/0600, owner
 * checked) under `root`, one session per process, so that what one run stored is never served
 * by another and can be removed when the process ends.
 */
export function createDefaultArtifactStore(root: string | undefined): SessionArtifactStore {
  return new SessionArtifactStore({
    root: root ?? join(tmpdir(), 'toolwright-mcp-server'),
    namespace: 'mcp-server',
    sessionIdentity: `${process.pid}-${randomUUID()}`,
  });
}
