/**
 * `@toolwright/executor`: runs tool invocations as the toolwright contract says — shared and
 * exclusive batches, same-path locks on real paths, retries of retry-safe tools, hooks that
 * rebuild invocations, timeouts, streaming pre-start — under a permission policy that judges
 * every path by where it really is. `ToolCallRunner` runs one call at a time through the same
 * steps, for hosts whose protocol hands them calls one by one.
 *
 * @packageDocumentation
 */

export type { ApprovalStore, ApprovalStoreV1, PendingApproval, PendingApprovalV1 } from '@toolwright/spec';
export {
  type AlwaysAllowScope,
  type ApprovalAnswer,
  ApprovalDesk,
  type ApprovalDeskOptions,
  type ApprovalGrant,
  type ApprovalQuestion,
} from './approvals/approval-desk.js';
export { ApprovalError, ApprovalErrorCode } from './approvals/approval-error.js';
export { FileApprovalStore } from './approvals/file-approval-store.js';
export { type ToolFingerprint, toolFingerprintOf } from './approvals/tool-fingerprint.js';
export type { CallJudgement } from './call-judgement.js';
export type { CallOptions, TurnOptions } from './call-runner.js';
export { type DeferredToolState, isNotLoaded } from './deferred-tool-state.js';
export type {
  ApprovalHandler,
  CallStatus,
  ExecutedCall,
  ExecutorEvent,
  PostToolHook,
  PostToolHookInput,
  PostToolHookResult,
  PreToolHook,
  PreToolHookInput,
  PreToolHookResult,
  ToolCallRequest,
} from './executed-call.js';
export { ExecutorError, ExecutorErrorCode } from './executor-error.js';
export type { PermissionChecker, ToolCallRunnerOptions, ToolExecutorOptions } from './executor-options.js';
export { JUDGED_PATHS_CONTEXT_FIELD, type JudgedPaths, judgedPathsOf } from './paths/judged-paths.js';
export {
  PATH_ACCESS_CONTEXT_FIELD,
  type PathAccess,
  pathAccessOf,
  type SkippedPath,
} from './paths/path-access.js';
export { isInsideDirectory, resolveRealPath } from './paths/real-path.js';
export { PATH_ARGUMENT_NAMES } from './permission/path-arguments.js';
export type { PermissionDecision } from './permission/permission-decision.js';
export {
  type NeedsApproval,
  PermissionPolicy,
  type PermissionPolicyOptions,
  type PermissionRequest,
} from './permission/permission-policy.js';
export { createPolicyPathAccess, type PolicyPathAccessOptions } from './permission/policy-path-access.js';
export {
  matchProtectedPath,
  PROTECTED_PATHS,
  type ProtectedPathContext,
  type ProtectedPathEntry,
  type ProtectedPathMatch,
} from './permission/protected-paths.js';
export type { ArtifactSink, ArtifactSinkV1 } from './results/artifact-sink.js';
export { PathLock, processPathLock } from './scheduling/path-lock.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy, TRANSIENT_ERROR_CODES } from './scheduling/retry-policy.js';
export { assertSessionId, SESSION_ID_PATTERN } from './session-id.js';
export type { StreamExecution, StreamInterruption } from './streaming/stream-turn.js';
export type { ToolCallStreamEvent } from './streaming/tool-call-stream-event.js';
export { ToolCallRunner } from './tool-call-runner.js';
export { ToolExecutor } from './tool-executor.js';
