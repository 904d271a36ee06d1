import type { Implementation } from '@modelcontextprotocol/server';
import type { ArtifactStoreV1, McpChangeBusV1 } from '@toolwright/spec';
import type { ResolvedTelemetry } from '@toolwright/utils';
import type { HostPrompts } from '../prompts/host-prompts.js';
import type { HostResources } from '../resources/host-resources.js';
import type { McpCallExecutor } from '../tools/call-executor.js';
import type { ResolvedOutputLimits } from '../tools/output-limits.js';
import type { ServedTools } from '../tools/served-tools.js';
import type { SigningKeys } from './signing-keys.js';

/** What every session of one server shares: the resolved options. */
export interface ServerCore {
  readonly serverInfo: Implementation;
  readonly instructions: string | undefined;
  readonly tools: ServedTools;
  readonly executor: McpCallExecutor | undefined;
  readonly contextFields: Readonly<Record<string, unknown>>;
  readonly workspaceRoot: string;
  readonly store: ArtifactStoreV1 | undefined;
  readonly limits: ResolvedOutputLimits;
  readonly resources: HostResources;
  readonly prompts: HostPrompts;
  /** Errors that have no request to answer (a notification that could not be sent). */
  readonly onError: (error: unknown) => void;
  /** What stateless requests are signed with. */
  readonly signingKeys: SigningKeys;
  /** The host's shared change bus, when it gave one. */
  readonly changeBus: McpChangeBusV1 | undefined;
  /** Whether handlers run in SERVER spans, and whether those record arguments and results. */
  readonly telemetry: ResolvedTelemetry;
}

/** True when the server offers resources: the host's, or artifacts (which need a store). */
export function servesResources(core: ServerCore): boolean {
  return core.store !== undefined || !core.resources.isEmpty;
}
