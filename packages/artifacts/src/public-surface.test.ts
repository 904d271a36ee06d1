import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'ARTIFACT_NAMESPACE_PATTERN',
      'ArtifactStoreError',
      'ArtifactStoreErrorCode',
      'DEFAULT_ARTIFACT_LIMITS',
      'DEFAULT_ARTIFACT_READING',
      'DEFAULT_MIME_EXTENSIONS',
      'DEFAULT_SPILL_OPTIONS',
      'PrivateDirectory',
      'READ_ARTIFACT_TOOL_NAME',
      'READ_BACK_TOOL_PATTERN',
      'SessionArtifactStore',
      'checkArtifactId',
      'checkItemSize',
      'checkSessionQuota',
      'headAndTail',
      'normaliseWriteRequest',
      'readArtifactLines',
      'runRequestHook',
      'searchArtifact',
      'spillContent',
      'userStateDirectory',
    ]);
  });
});
