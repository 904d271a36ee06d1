import { closeSync, constants, fstatSync, ftruncateSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openOwnFileSync } from '@toolwright/utils/private-files';

/** File name of the metadata journal inside a session directory. */
export const JOURNAL_FILE_NAME = '.records';

/** What the journal remembers about a stored file beyond its name and size. */
export interface StoredMetadata {
  kind: string;
  mimeType?: string;
  sourceUri?: string;
}

/**
 * Metadata (kind, MIME type, source URI) of each stored file, one JSON line per file, appended
 * under the session lock after new files are published (several at once when a lease covered
 * several writes). It is advisory: a file whose line is lost (crash before the append) is still
 * listed, with kind `unknown` and the MIME type of its extension. Not fsynced for the same reason.
 */
export function appendJournalEntries(
  directory: string,
  uid: number,
  entries: ReadonlyArray<readonly [fileName: string, metadata: StoredMetadata]>,
): void {
  if (entries.length === 0) return;
  const descriptor = openOwnFileSync(
    join(directory, JOURNAL_FILE_NAME),
    constants.O_WRONLY | constants.O_APPEND,
    uid,
  );
  try {
    writeSync(
      descriptor,
      entries.map(([file, metadata]) => `${JSON.stringify({ file, ...metadata })}\n`).join(''),
    );
  } finally {
    closeSync(descriptor);
  }
}

/** Reads every well-formed line (a torn last line from a crash is skipped). */
export function readJournal(directory: string, uid: number): Map<string, StoredMetadata> {
  const descriptor = openOwnFileSync(join(directory, JOURNAL_FILE_NAME), constants.O_RDONLY, uid);
  try {
    return parseJournal(readAll(descriptor));
  } finally {
    closeSync(descriptor);
  }
}

/** Rewrites the journal with only the entries of files that still exist (under the session lock). */
export function compactJournal(
  directory: string,
  uid: number,
  keep: ReadonlySet<string>,
): Map<string, StoredMetadata> {
  const descriptor = openOwnFileSync(join(directory, JOURNAL_FILE_NAME), constants.O_RDWR, uid);
  try {
    const entries = parseJournal(readAll(descriptor));
    const kept = new Map([...entries].filter(([fileName]) => keep.has(fileName)));
    if (kept.size !== entries.size) {
      const text = [...kept].map(([file, metadata]) => `${JSON.stringify({ file, ...metadata })}\n`).join('');
      const bytes = Buffer.from(text);
      writeSync(descriptor, bytes, 0, bytes.length, 0);
      ftruncateSync(descriptor, bytes.length);
    }
    return kept;
  } finally {
    closeSync(descriptor);
  }
}

function readAll(descriptor: number): string {
  const size = fstatSync(descriptor).size;
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(descriptor, buffer, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.toString('utf8', 0, filled);
}

function parseJournal(text: string): Map<string, StoredMetadata> {
  const entries = new Map<string, StoredMetadata>();
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (typeof parsed.file !== 'string' || typeof parsed.kind !== 'string') continue;
      const metadata: StoredMetadata = { kind: parsed.kind };
      if (typeof parsed.mimeType === 'string') metadata.mimeType = parsed.mimeType;
      if (typeof parsed.sourceUri === 'string') metadata.sourceUri = parsed.sourceUri;
      // The last line for a file wins: a file removed and stored again carries its newest metadata.
      entries.set(parsed.file, metadata);
    } catch {
      // A torn line (crash mid-append) carries nothing we can trust; skip it.
    }
  }
  return entries;
}
