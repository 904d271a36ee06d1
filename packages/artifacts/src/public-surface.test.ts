import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'ArtifactStoreError',
      'ArtifactStoreErrorCode',
      'DEFAULT_ARTIFACT_LIMITS',
      'DEFAULT_ARTIFACT_READING',
      'DEFAULT_MIME_EXTENSIONS',
      'DEFAULT_SPILL_OPTIONS',
      'PrivateDirectory',
      'READ_ARTIFACT_TOOL_NAME',
      'SessionArtifactStore',
      'headAndTail',
      'readArtifactLines',
      'searchArtifact',
      'userStateDirectory',
    ]);
  });
});
