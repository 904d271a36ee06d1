import { guardConfig } from './stryker.shared.mjs';

// The private store's guards: a stored file is verified before it is trusted (regular file, one
// link, owner, mode, content), every directory of the chain is checked to be a real directory,
// ours and 0700, and a lock's holder is identified by pid, start time and boot id.
export default guardConfig('artifacts', {
  mutate: [
    'src/stored-file-verification.ts',
    'src/secure-directory.ts',
    'src/session-directory-chain.ts',
    'src/process-identity.ts',
  ],
  // The store's tests set the process umask (refused in a worker thread): processes, not threads.
  pool: 'forks',
  // Everything but the option, error-class and surface tests, which touch no guard.
  testFiles: [
    'src/stored-file-verification.test.ts',
    'src/secure-directory.test.ts',
    'src/session-directory-chain.test.ts',
    'src/session-artifact-store.test.ts',
    'src/session-lease.test.ts',
    'src/spill.test.ts',
    'src/cross-process.test.ts',
    'src/directory-race.test.ts',
    'src/pid-reuse.test.ts',
    'src/process-identity.test.ts',
  ],
  // Race tests loop until threads interleave and spawn processes: give a busy machine room.
  timeoutMS: 30_000,
});
