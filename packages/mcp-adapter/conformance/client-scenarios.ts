/** One tool call the conformance client makes: the server's tool name and its arguments. */
export interface ScenarioCall {
  readonly tool: string;
  readonly arguments: object;
}

/** The calls of scenarios that ask for fixed ones. */
const FIXED_CALLS: Readonly<Record<string, readonly ScenarioCall[]>> = {
  tools_call: [{ tool: 'add_numbers', arguments: { a: 5, b: 3 } }],
  'elicitation-sep1034-client-defaults': [{ tool: 'test_client_elicitation_defaults', arguments: {} }],
  'sse-retry': [{ tool: 'test_reconnection', arguments: {} }],
  // Multi-round-trip requests (SEP-2322): each tool answers input_required first; the last one
  // answers without a resultType, which a client must read as a complete result.
  'sep-2322-client-request-state': [
    { tool: 'test_mrtr_echo_state', arguments: {} },
    { tool: 'test_mrtr_no_state', arguments: {} },
    { tool: 'test_mrtr_unrelated', arguments: {} },
    { tool: 'test_mrtr_no_result_type', arguments: {} },
  ],
};

/**
 * What the conformance client does in a scenario once connected, given the suite's context and
 * the tools the adapter registered:
 * - the calls the suite hands over in its context (`toolCalls`, the SEP-2243 header scenarios);
 * - every tool that survived the catalog screen (the invalid-header scenario: a tool with a bad
 *   `x-mcp-header` must never be registered, so never called);
 * - the 2020-12 scenario's echo of the schema the client holds for its focal tool (what the
 *   adapter kept of `$schema`, `$defs`, ... is what the suite compares);
 * - the fixed calls above; otherwise the first tool listed, if any, with `{}` (the `auth/*`
 *   scenarios only need the connect and the listing).
 */
export function scenarioCalls(
  scenario: string,
  context: Record<string, unknown> | undefined,
  tools: ReadonlyArray<{ readonly name: string; readonly inputSchema: Record<string, unknown> }>,
): ScenarioCall[] {
  const handed = context?.toolCalls;
  if (Array.isArray(handed)) {
    return handed.map((call: { name: string; arguments?: object }) => ({
      tool: call.name,
      arguments: call.arguments ?? {},
    }));
  }
  if (scenario === 'http-invalid-tool-headers') {
    return tools.map((tool) => ({ tool: tool.name, arguments: { region: 'us-west1' } }));
  }
  if (scenario === 'json-schema-2020-12-preservation') {
    const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    return focal === undefined
      ? []
      : [{ tool: 'json_schema_echo', arguments: { schema: focal.inputSchema } }];
  }
  const fixed = FIXED_CALLS[scenario];
  if (fixed !== undefined) return [...fixed];
  return tools[0] === undefined ? [] : [{ tool: tools[0].name, arguments: {} }];
}

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
