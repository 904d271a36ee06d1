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
  // The HTTP suites: a real server on loopback, real requests.
  testFiles: ['src/http/*.test.ts', 'src/http-*.test.ts', 'src/server-options.test.ts'],
  timeoutMS: 20_000,
});
