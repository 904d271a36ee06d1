import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'INVOCATION_MARKER',
    'NOT_AN_IMPLEMENTATION',
    'OAUTH_CREDENTIAL_KINDS_V1',
    'PROVIDER_TARGETS',
    'TOOL_MARKER',
    'ToolKind',
    'asApprovalStoreV1',
    'asArtifactSinkV1',
    'asArtifactStoreV1',
    'asOAuthCredentialStoreV1',
  ]);
});

it('runs nothing but markers, value lists and adapters: the values are frozen and the markers global', async () => {
  const spec = await import('./index.js');
  expect(spec.TOOL_MARKER).toBe(Symbol.for('toolwright.tool'));
  expect(spec.INVOCATION_MARKER).toBe(Symbol.for('toolwright.tool_invocation'));
  expect(Object.isFrozen(spec.ToolKind)).toBe(true);
  expect(Object.isFrozen(spec.PROVIDER_TARGETS)).toBe(true);
  expect(Object.isFrozen(spec.OAUTH_CREDENTIAL_KINDS_V1)).toBe(true);
  expect(spec.ToolKind).toEqual({ ReadOnly: 'read-only', Write: 'write', Execute: 'execute' });
});
