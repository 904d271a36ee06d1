import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'AiSdkBridgeError',
    'AiSdkBridgeErrorCode',
    'activeToolNames',
    'createPrepareStep',
    'createToolApproval',
    'toAiSdkTools',
    'toModelOutput',
  ]);
});
