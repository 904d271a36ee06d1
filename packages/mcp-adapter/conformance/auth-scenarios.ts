import type { McpAdapterOptions } from '../src/index.js';

/**
 * What the conformance client adds for one scenario so that the `auth/*` ones can pass: keys
 * merged into the server's `mcpServers` entry (`server`) and adapter options (`adapter`).
 *
 * This file belongs to the OAuth work (see AUTH-NOTES.md when it exists); until it configures
 * anything, the client connects to every scenario without credentials and the `auth/*`
 * scenarios fail, as the conformance test reports.
 */
export interface AuthScenarioConfiguration {
  readonly server?: Readonly<Record<string, unknown>>;
  readonly adapter?: Partial<McpAdapterOptions>;
}

/**
 * The configuration for `scenario`; `context` is the suite's MCP_CONFORMANCE_CONTEXT (client
 * credentials, keys, ...) when the scenario gives one.
 */
export async function authConfiguration(
  _scenario: string,
  _context: Readonly<Record<string, unknown>> | undefined,
): Promise<AuthScenarioConfiguration | undefined> {
  return undefined;
}
