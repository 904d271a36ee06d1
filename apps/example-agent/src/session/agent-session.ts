import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { Tool } from '@toolwright/contracts';
import {
  type ApprovalAnswer,
  type ApprovalDesk,
  type ApprovalHandler,
  type ApprovalQuestion,
  assertSessionId,
  type ExecutorEvent,
  PermissionPolicy,
  type PreToolHook,
  type RetryPolicy,
  ToolExecutor,
} from '@toolwright/executor';
import { type ToolMode, ToolRegistry } from '@toolwright/registry';
import { createBuiltinTools } from '../tools/builtin-tools.js';
import { PLAN_MODE_APPROVALS } from '../tools/plan-mode-tools.js';
import { createReadArtifactTool } from '../tools/read-artifact-tool.js';
import { type ApprovalRecords, openApprovalDesk } from './approval-desk.js';
import type { ArtifactScope, SessionArtifacts } from './session-artifacts.js';
import { SessionMode } from './session-mode.js';
import { TaskStore } from './task-store.js';

/** Options of {@link createAgentSession}. */
export interface AgentSessionOptions {
  workspaceRoot: string;
  /** Reuse an id to resume a session's task list; default a fresh UUID. */
  sessionId?: string;
  /**
   * Where sessions and artifacts live (default `$TOOLWRIGHT_HOME` or `~/.toolwright`). Both are
   * private and owner-checked: another user's directory or file there, or a link, is refused.
   */
  stateDirectory?: string;
  mode?: ToolMode;
  permissions?: PermissionRules;
  /** MCP servers whose tool annotations are believed (`"trust": true` in the MCP config). */
  trustedMcpServers?: readonly string[];
  /**
   * Files only the user may change, beside the built-in protected set (git hooks and config,
   * editor settings, agent configs): the config files this session was started with.
   */
  protectedPaths?: readonly string[];
  hooks?: readonly PreToolHook[];
  /**
   * Who answers a call that asks for approval:
   * - `'defer'` saves it as a signed pending approval in the state directory and refuses it for
   *   now, naming the record; `toolwright-agent approvals` answers it later, in another process;
   * - `{ ask }` asks a person now; an `'always'` answer is kept by the tool's fingerprint, so a
   *   changed definition (an MCP server's rug pull) asks again;
   * - an {@link ApprovalHandler} decides itself.
   * Absent: nobody is asked and a call that asks is refused.
   */
  approve?:
    | 'defer'
    | { readonly ask: (question: ApprovalQuestion) => Promise<ApprovalAnswer> }
    | ApprovalHandler;
  spillThresholdBytes?: number;
  toolTimeoutMs?: number;
  /** Per-tool timeouts by tool name, overriding `toolTimeoutMs`. */
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  /** Overrides of the executor's retry policy for retry-safe tools. */
  retry?: Partial<RetryPolicy>;
  /**
   * Where pending approvals wait and the key they are signed with, for a fleet (see
   * `openSharedStore`); default a file store and a host key in the state directory.
   */
  approvalStore?: ApprovalRecords;
  /**
   * Makes the session's artifact store, for a fleet (see `openSharedStore`): spilled outputs are
   * then read back by any worker serving the same session id. Default the private local store in
   * the state directory.
   */
  artifactStore?: (scope: ArtifactScope) => SessionArtifacts;
  /** Extra built-in tools of your own, registered beside the standard ones. */
  extraTools?: readonly Tool[];
  onExecutorEvent?(event: ExecutorEvent): void;
}

/** Allow, ask and deny rules, as `toolwright.config.json` holds them. */
export interface PermissionRules {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
}

/** Everything one agent session owns, wired together. */
export interface AgentSession {
  readonly sessionId: string;
  readonly workspaceRoot: string;
  readonly sessionDirectory: string;
  readonly registry: ToolRegistry;
  readonly executor: ToolExecutor;
  readonly mode: SessionMode;
  readonly tasks: TaskStore;
  readonly artifacts: SessionArtifacts;
  readonly permissions: PermissionPolicy;
  /** The state directory's approval desk, opened at first use (see `openApprovalDesk`). */
  approvals(): ApprovalDesk;
  /** With `approve: 'defer'`: the ids of the approvals this session saved for later, in order. */
  readonly deferredApprovals: readonly string[];
}

/** The executor's default spill threshold. */
const DEFAULT_SPILL_THRESHOLD_BYTES = 32 * 1024;

/**
 * What one ReadArtifact call returns at most: well under the spill threshold, so that reading an
 * artifact back never spills it again, and never under the 4 KiB the reader needs.
 */
function readBackBytes(spillThresholdBytes: number): number {
  return Math.max(4096, Math.min(12 * 1024, spillThresholdBytes - 2048));
}

/** The default state directory: `$TOOLWRIGHT_HOME`, else `~/.toolwright`. */
export function defaultStateDirectory(): string {
  return process.env.TOOLWRIGHT_HOME ?? join(homedir(), '.toolwright');
}

/**
 * The composition root: a registry with the built-in tools and ToolSearch, a private artifact
 * store, a persisted task list, a permission policy and the executor that ties them together.
 * MCP servers are added afterwards with `connectMcpServers`.
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const workspaceRoot = resolve(options.workspaceRoot);
  const sessionId = options.sessionId ?? randomUUID();
  // The id names a directory: only a fixed alphabet, so `../..` can never leave the state directory.
  assertSessionId(sessionId);
  const stateDirectory = options.stateDirectory ?? defaultStateDirectory();
  const sessionDirectory = join(stateDirectory, 'sessions', sessionId);
  // Nothing is created here: the task list and the artifact store make their directories on
  // first write, so read-only commands (tools, search) leave no session behind.

  const mode = new SessionMode(options.mode ?? 'default');
  const tasks = new TaskStore(sessionDirectory);
  const scope: ArtifactScope = { namespace: 'example-agent', sessionId };
  const artifacts =
    options.artifactStore?.(scope) ??
    new SessionArtifactStore({ root: join(stateDirectory, 'artifacts'), ...scope });
  // A registry made with default options already holds ToolSearch, bound to it.
  const registry = new ToolRegistry();
  registry.registerAll(
    [
      ...createBuiltinTools({ workspaceRoot, mode, tasks }),
      // Spill markers name this tool: the model reads a spilled output back through it.
      createReadArtifactTool(artifacts, {
        maxOutputBytes: readBackBytes(options.spillThresholdBytes ?? DEFAULT_SPILL_THRESHOLD_BYTES),
      }),
      ...(options.extraTools ?? []),
    ],
    {
      atomic: true,
    },
  );
  const permissions = new PermissionPolicy({
    workspaceRoot,
    ...options.permissions,
    // Only the user leaves Plan mode: ExitPlanMode asks in every mode, whatever the rules say.
    alwaysAsk: PLAN_MODE_APPROVALS,
    trustedDirectories: [sessionDirectory],
    ...(options.trustedMcpServers === undefined ? {} : { trustedMcpServers: options.trustedMcpServers }),
    ...(options.protectedPaths === undefined ? {} : { protectedPaths: options.protectedPaths }),
  });
  // Opened at first use: read-only commands (tools, search) make no key and no folder.
  let desk: ApprovalDesk | undefined;
  const approvals = () => {
    desk ??= openApprovalDesk(stateDirectory, permissions, options.approvalStore);
    return desk;
  };
  const lookup = (name: string) => registry.get(name);
  const deferredApprovals: string[] = [];
  const approve = approvalHandler(options.approve, approvals, lookup, (id) => deferredApprovals.push(id));
  const executor = new ToolExecutor({
    lookup,
    toolNames: () => registry.getAll().map((tool) => tool.name),
    // The same registry's deferred state: a deferred tool runs only once its ToolSearch loaded it.
    deferred: registry.deferred,
    mode: () => mode.current,
    permissions,
    sessionId,
    workspaceRoot,
    artifactSink: artifacts,
    ...(options.hooks === undefined ? {} : { hooks: options.hooks }),
    ...(approve === undefined ? {} : { approve }),
    ...(options.spillThresholdBytes === undefined
      ? {}
      : { spillThresholdBytes: options.spillThresholdBytes }),
    ...(options.toolTimeoutMs === undefined ? {} : { timeoutMs: options.toolTimeoutMs }),
    ...(options.toolTimeoutsMs === undefined ? {} : { toolTimeoutsMs: options.toolTimeoutsMs }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.onExecutorEvent === undefined ? {} : { onEvent: options.onExecutorEvent }),
  });
  return {
    sessionId,
    workspaceRoot,
    sessionDirectory,
    registry,
    executor,
    mode,
    tasks,
    artifacts,
    permissions,
    approvals,
    deferredApprovals,
  };
}

/**
 * The executor's approval handler for the session's `approve` option. A desk handler is made on
 * the first call that asks, so a session whose calls never ask opens no desk.
 */
function approvalHandler(
  approve: AgentSessionOptions['approve'],
  approvals: () => ApprovalDesk,
  lookup: (name: string) => Tool | undefined,
  deferred: (id: string) => void,
): ApprovalHandler | undefined {
  if (approve === undefined) return undefined;
  if (approve === 'defer')
    return async (request) => {
      const answer = await approvals().deferring(lookup)(request);
      if (typeof answer === 'object') deferred(answer.pendingApproval);
      return answer;
    };
  if (typeof approve === 'object') return (request) => approvals().asking(lookup, approve.ask)(request);
  return approve;
}
