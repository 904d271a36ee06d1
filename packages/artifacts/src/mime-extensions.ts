/**
 * The file extension each common MIME type is stored under. Hosts extend or override it with the
 * store's `mimeExtensions` option. A type that is absent (or no `mimeType` at all) is stored with
 * no extension: the id is the content hash either way.
 */
export const DEFAULT_MIME_EXTENSIONS: Readonly<Record<string, string>> = Object.freeze({
  'text/plain': '.txt',
  'text/markdown': '.md',
  'text/html': '.html',
  'text/csv': '.csv',
  'text/css': '.css',
  'text/xml': '.xml',
  'application/json': '.json',
  'application/xml': '.xml',
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/gzip': '.gz',
  'application/octet-stream': '.bin',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'audio/wav': '.wav',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'video/mp4': '.mp4',
});

/** A MIME type as `type/subtype`, the only shape accepted for `mimeType`. */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** An extension as stored on disk: a dot and 1 to 16 lowercase letters or digits. */
export const EXTENSION_PATTERN = /^\.[a-z0-9]{1,16}$/;

/**
 * Lower-cases a MIME type and drops its parameters (`Text/Plain; charset=utf-8` -> `text/plain`),
 * so that one type maps to one extension. Returns undefined when the result is not `type/subtype`.
 */
export function normaliseMimeType(mimeType: string): string | undefined {
  const essence = (mimeType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return MIME_TYPE_PATTERN.test(essence) ? essence : undefined;
}

/** A two-way view of the MIME-to-extension map the store was configured with. */
export class MimeExtensionMap {
  readonly #extensionByMime: ReadonlyMap<string, string>;
  readonly #mimeByExtension: ReadonlyMap<string, string>;

  constructor(extensionByMime: Readonly<Record<string, string>>) {
    this.#extensionByMime = new Map(Object.entries(extensionByMime));
    const reverse = new Map<string, string>();
    // First declared wins, so `.xml` reads back as `text/xml` unless the host says otherwise.
    for (const [mime, extension] of Object.entries(extensionByMime)) {
      if (!reverse.has(extension)) reverse.set(extension, mime);
    }
    this.#mimeByExtension = reverse;
  }

  /** The extension (with its dot) for an already-normalised MIME type, or `''`. */
  extensionFor(mimeType: string | undefined): string {
    return mimeType === undefined ? '' : (this.#extensionByMime.get(mimeType) ?? '');
  }

  /** The MIME type an extension reads back as, for files whose metadata was lost. */
  mimeTypeFor(extension: string): string | undefined {
    return this.#mimeByExtension.get(extension);
  }
}
