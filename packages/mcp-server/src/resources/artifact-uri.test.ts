import { describe, expect, it } from 'vitest';
import { artifactIdOf, artifactResourceUri } from './artifact-uri.js';
import { isTextMimeType } from './text-mime.js';

describe('artifact URIs and text types', () => {
  it('round-trips an id and refuses other URIs', () => {
    expect(artifactIdOf(artifactResourceUri('abc'))).toBe('abc');
    expect(artifactIdOf('toolwright://artifact/a/b')).toBeUndefined();
    expect(artifactIdOf('file:///etc/passwd')).toBeUndefined();
    expect(artifactIdOf('toolwright://artifact/%E0%A4%A')).toBeUndefined();
  });

  it('treats text, JSON and XML kinds as text and nothing else', () => {
    expect(
      ['text/plain; charset=utf-8', 'application/json', 'application/ld+json', 'image/svg+xml'].map(
        isTextMimeType,
      ),
    ).toEqual([true, true, true, true]);
    expect(['image/png', 'application/octet-stream', undefined].map(isTextMimeType)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
