import type { McpConnectionState } from '@toolwright/mcp-client';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import type { McpCatalogEntry, McpToolDefinition } from './catalog-screen.js';

/** The outcome of {@link McpAdapter.connect}. */
export interface McpConnectResult {
  readonly connected: string[];
  /** Servers that failed to connect, each with the reason; the others work. */
  readonly failed: Array<{ server: string; reason: string }>;
  readonly diagnostics: CatalogDiagnostic[];
}

/** The outcome of {@link McpAdapter.reconnect}. */
export interface McpReconnectResult {
  readonly server: string;
  /**
   * `connected`: a server that had never connected did now; `recovered`: a server that had
   * been connected before is back; `already-connected`: nothing to do; `failed`: see `reason`.
   *
   * `already-connected` is the one outcome or state spelt in kebab-case (the rest are snake_case,
   * like `needs_auth`): it is deprecated, and from the next minor this outcome is reported as
   * `already_connected`. Both spellings are in the type until then, so that code matching both
   * compiles now and keeps working across the switch.
   */
  readonly outcome: 'connected' | 'recovered' | 'already-connected' | 'already_connected' | 'failed';
  /** Why the attempt failed (names the server and the cause), when `outcome` is `failed`. */
  readonly reason?: string;
  /** How many of its tools are in the registry afterwards. */
  readonly tools: number;
}

/** One server's current catalog as the adapter holds it. */
export interface McpServerCatalog {
  readonly server: string;
  readonly tools: readonly McpToolDefinition[];
  readonly resources: readonly McpCatalogEntry[];
  readonly resourceTemplates: readonly McpCatalogEntry[];
  readonly prompts: readonly McpCatalogEntry[];
  /** The diagnostics of the latest refresh of each listing. */
  readonly diagnostics: readonly CatalogDiagnostic[];
  /** How many refreshes have run (the initial listing included). */
  readonly refreshes: number;
}

/** A server's connection status. */
export interface McpServerStatus {
  readonly server: string;
  readonly phase: McpConnectionState;
  /** The child process id of a stdio server while it runs. */
  readonly pid: number | undefined;
  readonly tools: number;
  readonly lastError: string | undefined;
  /**
   * The protocol agreed with the server while connected: `era` is `modern` for 2026-07-28 and
   * later (no `initialize`; every request carries its own `_meta`), `legacy` for the 2025-11-25
   * `initialize` handshake and older; `version` is the revision both sides speak.
   */
  readonly protocol: { readonly era: 'modern' | 'legacy'; readonly version: string } | undefined;
}

/** Counters for tests and benchmarks. */
export interface McpAdapterStats {
  readonly tools: number;
  /** Input schemas handed to Ajv so far; registering a catalog compiles none (they compile on first call). */
  readonly inputSchemasCompiled: number;
  readonly refreshes: number;
}
