/**
 * True for media types whose bytes are text a client can show as such (`text/*`, JSON, XML,
 * YAML, JavaScript and their `+json`/`+xml` kin); anything else is served as a base64 blob.
 */
export function isTextMimeType(mimeType: string | undefined): boolean {
  if (mimeType === undefined) return false;
  const type = mimeType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    ['application/json', 'application/xml', 'application/yaml', 'application/javascript'].includes(type)
  );
}

/** The bytes as text when they are well-formed UTF-8 without NUL, else `undefined`. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
