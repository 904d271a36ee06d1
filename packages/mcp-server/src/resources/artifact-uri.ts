/** The prefix of the URI under which an artifact is served as a resource. */
export const ARTIFACT_URI_PREFIX = 'toolwright://artifact/';

/** The resource URI of artifact `id` (what a `resource_link` points to). */
export function artifactResourceUri(id: string): string {
  return `${ARTIFACT_URI_PREFIX}${encodeURIComponent(id)}`;
}

/** The artifact id a resource URI names, or `undefined` for any other URI. */
export function artifactIdOf(uri: string): string | undefined {
  if (!uri.startsWith(ARTIFACT_URI_PREFIX)) return undefined;
  try {
    const id = decodeURIComponent(uri.slice(ARTIFACT_URI_PREFIX.length));
    return id === '' || id.includes('/') ? undefined : id;
  } catch {
    return undefined;
  }
}
