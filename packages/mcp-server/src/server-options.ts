import type { Implementation } from '@modelcontextprotocol/server';
import type { Tool } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import type { ArtifactStoreV1, McpChangeBusV1 } from '@toolwright/spec';
import {
  checkOptions,
  type OptionTable,
  refusedOption,
  resolveTelemetryOptions,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
} from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';
import { HostPrompts } from './prompts/host-prompts.js';
import type { McpPromptDefinition } from './prompts/prompt-definitions.js';
import { HostResources } from './resources/host-resources.js';
import type {
  McpResourceDefinition,
  McpResourceTemplateDefinition,
} from './resources/resource-definitions.js';
import type { ServerCore } from './session/server-core.js';
import { deriveSigningKeys, signingKeyProblem } from './session/signing-keys.js';
import { adaptArtifactStore } from './specification-version.js';
import type { McpCallExecutor } from './tools/call-executor.js';
import { DEFAULT_OUTPUT_LIMITS, type McpOutputLimits, OUTPUT_LIMIT_OPTIONS } from './tools/output-limits.js';
import { ServedTools } from './tools/served-tools.js';

/** Options of `ToolwrightMcpServer`. Every key is checked by name: a misspelt one is refused. */
export interface ToolwrightMcpServerOptions {
  /** The tools to serve. Changes to it reach clients as `notifications/tools/list_changed`. */
  registry: ToolRegistry;
  /** The name and version sent in `initialize`. Default `{ name: 'toolwright', version: '0' }`. */
  serverInfo?: Implementation;
  /** Sent in `initialize`; clients may add it to their model's system prompt. */
  instructions?: string;
  /** The `workspaceRoot` of every call's execution context. Default `process.cwd()`. */
  workspaceRoot?: string;
  /**
   * Where large and binary output is stored and served from (`resources/read`). A
   * `SessionArtifactStore` fits. Without one, text is sent whole and artifact parts are described.
   */
  artifacts?: ArtifactStoreV1;
  /**
   * Runs calls under the host's policy (a `ToolExecutor`). Without one, each session runs its
   * calls through the executor's `ToolCallRunner`, with no permission policy. See
   * `McpCallExecutor` for how to set one up.
   */
  executor?: McpCallExecutor;
  /** Which registry tools are served. Default: all, except the registry's ToolSearch. */
  includeTool?: (tool: Tool) => boolean;
  /** Host fields added to every call's execution context (services for your own tools). */
  contextFields?: Readonly<Record<string, unknown>>;
  /** Fixed resources served beside the tools. */
  resources?: readonly McpResourceDefinition[];
  /** Resource templates served beside the tools. */
  resourceTemplates?: readonly McpResourceTemplateDefinition[];
  /** Prompts served beside the tools. */
  prompts?: readonly McpPromptDefinition[];
  /** How output is shaped: inline media, embedded text, spilling. */
  limits?: McpOutputLimits;
  /** Registry changes within this window become one `list_changed` (default 50 ms). */
  listChangedDebounceMs?: number;
  /** Errors no request can carry (a notification that could not be sent). Default: ignored. */
  onError?: (error: unknown) => void;
  /**
   * The key stateless (2026-07-28) requests are signed with: the `requestState` of a call that
   * asked its client for input, and the grants in artifact `resource_link` URIs. A `Uint8Array`
   * or a string of at least 32 bytes. Default: a random key of this process, which is all one
   * server needs; replicas behind a load balancer must share one (see docs/deployment.md).
   */
  signingKey?: Uint8Array | string;
  /**
   * Where changes are published and heard (the tool list, resources), for a fleet: with a
   * shared bus (such as `RedisChangeBus` of `@toolwright/redis`), a change published on one
   * replica reaches the clients of every replica, 2025 sessions and 2026 listeners alike.
   * Default: one in this process.
   */
  changeBus?: McpChangeBusV1;
  /**
   * OpenTelemetry for every request a client sends: each handler runs in a SERVER span
   * (`{mcp.method.name} {target}`), a child of the W3C trace context the client put in the
   * request's `_meta`, so the tools' spans join the caller's trace; and the
   * `mcp.server.operation.duration` histogram. To the globally registered providers; on by
   * default and free without `@opentelemetry/api` installed. `{ enabled: false }` turns it off,
   * `recordContent` adds tool arguments and results.
   */
  telemetry?: TelemetryOptions;
}

const OWNER = 'ToolwrightMcpServer';

/** Every option and what it accepts; the shapes no kind says are checked in `resolveServerOptions`. */
const SERVER_OPTIONS: OptionTable<ToolwrightMcpServerOptions> = {
  registry: { kind: 'custom' },
  serverInfo: { kind: 'custom' },
  instructions: { kind: 'string' },
  workspaceRoot: { kind: 'string', nonEmpty: true, accepts: 'a non-empty path' },
  artifacts: { kind: 'custom' },
  executor: { kind: 'custom' },
  includeTool: { kind: 'function' },
  contextFields: { kind: 'object' },
  resources: { kind: 'custom' },
  resourceTemplates: { kind: 'custom' },
  prompts: { kind: 'custom' },
  limits: { kind: 'object', options: OUTPUT_LIMIT_OPTIONS },
  listChangedDebounceMs: { kind: 'number', min: 0, max: 60_000 },
  onError: { kind: 'function' },
  signingKey: { kind: 'custom' },
  changeBus: { kind: 'custom' },
  telemetry: TELEMETRY_OPTION_RULE,
};

/** The options, checked, with every default applied. */
export interface ResolvedServerOptions {
  readonly registry: ToolRegistry;
  readonly core: ServerCore;
  readonly listChangedDebounceMs: number;
}

/** Checks every option by name, type and range, and applies the defaults. */
export function resolveServerOptions(options: ToolwrightMcpServerOptions): ResolvedServerOptions {
  checkOptions(OWNER, options, SERVER_OPTIONS, invalidOption);
  const { registry } = options;
  if (!isRegistry(registry))
    throw invalidOption(refusedOption(OWNER, 'registry', 'a ToolRegistry', registry));
  checkServerInfo(options.serverInfo);
  checkMethods(
    'artifacts',
    options.artifacts,
    ['write', 'read', 'spill'],
    'an artifact store (write, read, spill)',
  );
  const store = adaptArtifactStore(options.artifacts);
  checkMethods(
    'changeBus',
    options.changeBus,
    ['publish', 'subscribe'],
    'a change bus, version v1 (publish, subscribe)',
  );
  if (options.changeBus !== undefined && options.changeBus.specificationVersion !== 'v1')
    throw invalidOption(
      refusedOption(OWNER, 'changeBus', 'a change bus, version v1 (publish, subscribe)', options.changeBus),
    );
  const keyProblem = signingKeyProblem(options.signingKey);
  if (keyProblem !== undefined)
    throw invalidOption(refusedOption(OWNER, 'signingKey', keyProblem, options.signingKey));
  checkMethods('executor', options.executor, ['executeBatch'], 'an executor (executeBatch)');
  const core: ServerCore = {
    serverInfo: options.serverInfo ?? { name: 'toolwright', version: '0' },
    instructions: options.instructions,
    tools: new ServedTools(registry, options.includeTool),
    executor: options.executor,
    contextFields: options.contextFields ?? {},
    workspaceRoot: options.workspaceRoot ?? process.cwd(),
    store,
    limits: { ...DEFAULT_OUTPUT_LIMITS, ...options.limits },
    resources: new HostResources(options.resources, options.resourceTemplates),
    prompts: new HostPrompts(options.prompts),
    onError: options.onError ?? (() => {}),
    signingKeys: deriveSigningKeys(options.signingKey),
    changeBus: options.changeBus,
    telemetry: resolveTelemetryOptions(options.telemetry),
  };
  return { registry, core, listChangedDebounceMs: options.listChangedDebounceMs ?? 50 };
}

/** A registry of any installed copy: recognised by the methods this server calls. */
function isRegistry(value: unknown): value is ToolRegistry {
  const candidate = value as Partial<Record<keyof ToolRegistry, unknown>> | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.get === 'function' &&
    typeof candidate.getAll === 'function' &&
    typeof candidate.on === 'function' &&
    typeof candidate.revision === 'number'
  );
}

function checkServerInfo(value: unknown): void {
  if (value === undefined) return;
  const info = value as Partial<Implementation> | null;
  if (
    typeof info !== 'object' ||
    info === null ||
    typeof info.name !== 'string' ||
    info.name === '' ||
    typeof info.version !== 'string'
  ) {
    throw invalidOption(
      refusedOption(OWNER, 'serverInfo', 'an object with a name and a version (strings)', value),
    );
  }
}

function checkMethods(name: string, value: unknown, methods: readonly string[], accepted: string): void {
  if (value === undefined) return;
  const candidate = value as Record<string, unknown> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    methods.some((m) => typeof candidate[m] !== 'function')
  ) {
    throw invalidOption(refusedOption(OWNER, name, accepted, value));
  }
}
