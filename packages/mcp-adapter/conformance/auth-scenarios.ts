import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpAdapterOptions } from '../src/index.js';

/**
 * What the conformance client adds for one scenario so that the `auth/*` ones can pass: keys
 * merged into the server's `mcpServers` entry (`server`) and adapter options (`adapter`).
 * Everything here is what a host would write: an `oauth` object in the server's entry and the
 * adapter's `oauth` option; no custom transport.
 */
export interface AuthScenarioConfiguration {
  readonly server?: Readonly<Record<string, unknown>>;
  readonly adapter?: Partial<McpAdapterOptions>;
}

/** The client ID metadata document URL the suite expects (`auth/basic-cimd`). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

function text(context: Readonly<Record<string, unknown>> | undefined, key: string): string {
  const value = context?.[key];
  if (typeof value !== 'string') throw new Error(`MCP_CONFORMANCE_CONTEXT has no "${key}"`);
  return value;
}

/** The `oauth` entry a user would write for what the scenario's context hands over. */
function oauthEntry(
  scenario: string,
  context: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return {
        grant: 'client_credentials',
        clientId: text(context, 'client_id'),
        clientSecret: text(context, 'client_secret'),
        tokenEndpointAuthMethod: 'client_secret_basic',
      };
    case 'auth/client-credentials-jwt':
      return {
        grant: 'client_credentials',
        clientId: text(context, 'client_id'),
        privateKey: text(context, 'private_key_pem'),
        signingAlgorithm: text(context, 'signing_algorithm'),
        tokenEndpointAuthMethod: 'private_key_jwt',
      };
    case 'auth/cross-app-access-complete-flow':
      return {
        grant: 'jwt_bearer',
        clientId: text(context, 'client_id'),
        clientSecret: text(context, 'client_secret'),
        identityProvider: {
          tokenEndpoint: text(context, 'idp_token_endpoint'),
          clientId: text(context, 'idp_client_id'),
          idToken: text(context, 'idp_id_token'),
        },
      };
    case 'auth/pre-registration':
      return { clientId: text(context, 'client_id'), clientSecret: text(context, 'client_secret') };
    default:
      // Dynamic registration, or the metadata document where the server accepts one.
      return { clientMetadataUrl: CLIENT_METADATA_URL };
  }
}

/**
 * The configuration for `scenario`; `context` is the suite's MCP_CONFORMANCE_CONTEXT (client
 * credentials, keys, ...) when the scenario gives one. Every `auth/*` scenario runs
 * interactively: the "browser" follows the authorization URL's redirects (the suite's
 * authorization server grants at once), which ends at the adapter's loopback receiver. Tokens go
 * to a fresh store that is removed when the client exits.
 */
export async function authConfiguration(
  scenario: string,
  context: Readonly<Record<string, unknown>> | undefined,
): Promise<AuthScenarioConfiguration | undefined> {
  if (!scenario.startsWith('auth/')) return undefined;
  const storeDirectory = mkdtempSync(join(tmpdir(), 'toolwright-conformance-oauth-'));
  process.on('exit', () => rmSync(storeDirectory, { recursive: true, force: true }));
  return {
    server: { oauth: oauthEntry(scenario, context) },
    adapter: {
      oauth: {
        storeDirectory,
        onAuthorizationUrl: async ({ url }) => {
          await (await fetch(url)).text();
        },
        authorizationTimeoutMs: 10_000,
      },
    },
  };
}
