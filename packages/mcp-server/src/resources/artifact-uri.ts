/** The prefix of the URI under which an artifact is served as a resource. */
export const ARTIFACT_URI_PREFIX = 'toolwright://artifact/';

/** The resource URI of artifact `id` (what a `resource_link` points to). */
export function artifactResourceUri(id: string): string {
  return `${ARTIFACT_URI_PREFIX}${encodeURIComponent(id)}`;
}

/**
 * The artifact id a resource URI names, or `undefined` for any other URI. The query (the grant
 * a link carries) is not part of the id.
 */
export function artifactIdOf(uri: string): string | undefined {
  if (!uri.startsWith(ARTIFACT_URI_PREFIX)) return undefined;
  const query = uri.indexOf('?');
  try {
    const id = decodeURIComponent(uri.slice(ARTIFACT_URI_PREFIX.length, query === -1 ? undefined : query));
    return id === '' || id.includes('/') ? undefined : id;
  } catch {
    return undefined;
  }
}
