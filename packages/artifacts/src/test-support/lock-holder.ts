/**
 * A process that takes the session lock of the directory in argv[2], keeps it (pinned, as a large
 * write streaming its temporary file does), prints `locked` and waits to be killed.
 */
import { SessionLease } from '../session-lease.js';

const directory = process.argv[2] ?? '';
const lease = new SessionLease({
  directory,
  uid: process.getuid?.() ?? 0,
  timeoutMs: 5_000,
  ensureDirectory: () => undefined,
  rebuildLedger: (reservations) => ({ items: 0, bytes: 0, reservations }),
});
await lease.run(() => undefined);
lease.pin();
console.log('locked');
setInterval(() => undefined, 60_000);
