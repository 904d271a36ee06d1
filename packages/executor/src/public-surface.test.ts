import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ApprovalDesk',
    'ApprovalError',
    'ApprovalErrorCode',
    'DEFAULT_RETRY_POLICY',
    'ExecutorError',
    'ExecutorErrorCode',
    'FileApprovalStore',
    'JUDGED_PATHS_CONTEXT_FIELD',
    'PATH_ACCESS_CONTEXT_FIELD',
    'PATH_ARGUMENT_NAMES',
    'PROTECTED_PATHS',
    'PathLock',
    'PermissionPolicy',
    'SESSION_ID_PATTERN',
    'TRANSIENT_ERROR_CODES',
    'ToolCallRunner',
    'ToolExecutor',
    'assertSessionId',
    'createPolicyPathAccess',
    'isInsideDirectory',
    'isNotLoaded',
    'judgedPathsOf',
    'matchProtectedPath',
    'pathAccessOf',
    'processPathLock',
    'resolveRealPath',
    'toolFingerprintOf',
  ]);
});
