/**
 * What the conformance client does in each scenario of the suite, once connected: the tool to
 * call and its arguments. Scenarios not named here (the `auth/*` ones) only need the connect and
 * the listing to succeed; the client then calls the first tool listed, if any, with `{}`.
 */
export const SCENARIO_CALLS: Readonly<Record<string, { readonly tool: string; readonly arguments: object }>> =
  {
    tools_call: { tool: 'add_numbers', arguments: { a: 5, b: 3 } },
    'elicitation-sep1034-client-defaults': { tool: 'test_client_elicitation_defaults', arguments: {} },
    'sse-retry': { tool: 'test_reconnection', arguments: {} },
  };

/** The 26 client scenarios of suite 0.1.16; the test checks the suite still lists exactly these. */
export const CLIENT_SCENARIOS: readonly string[] = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/client-credentials-jwt',
  'auth/client-credentials-basic',
  'auth/cross-app-access-complete-flow',
];
