import { guardConfig } from './stryker.shared.mjs';

// What an HTTP client meets before a request reaches a tool: the bearer token check, the Host
// and Origin checks against DNS rebinding, CORS, the body size cap, and session admission (a
// cap on live sessions, and a session id that must belong to this server).
export default guardConfig('mcp-server', {
  mutate: [
    'src/http/bearer-auth.ts',
    'src/http/host-check.ts',
    'src/http/cors.ts',
    'src/http/read-json-body.ts',
    'src/http/session-admission.ts',
  ],
  // The guards' own tests and the two suites that send them real requests on loopback. Left
  // out: the shutdown, resumability and tool suites, which pass the guards only on the way
  // (each of the guards' module constants would rerun them: hours instead of minutes).
  testFiles: ['src/http/*.test.ts', 'src/http-security.test.ts', 'src/http-limits.test.ts'],
  timeoutMS: 20_000,
});
