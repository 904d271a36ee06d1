import { guardConfig } from './stryker.shared.mjs';

// The adapter's private state and where OAuth may reach: the token and registration store and
// the folder-trust records (no-follow opens, owner and mode checks, atomic replaces), the guard
// that turns a refusal of either into the adapter's own error, and the discovery guard that
// keeps metadata discovery off private and link-local addresses a server names.
export default guardConfig('mcp-adapter', {
  part: 'auth',
  mutate: [
    'src/auth/oauth-store.ts',
    'src/trust/folder-trust-store.ts',
    'src/private-state.ts',
    'src/auth/discovery-guard.ts',
  ],
  // Their own tests and the OAuth flows against a real authorization server on loopback; the
  // adapter suites reach them only through these.
  testFiles: [
    'src/auth/*.test.ts',
    'src/trust/*.test.ts',
    'src/private-state.test.ts',
    'src/options.test.ts',
  ],
  timeoutMS: 20_000,
});
