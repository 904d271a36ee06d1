/** What Grep prints: file names, matching lines, or a count per file. */
export type GrepOutputMode = 'files_with_matches' | 'content' | 'count';

/** One search, as the worker needs it. */
export interface GrepSearchSettings {
  readonly pattern: string;
  readonly caseInsensitive: boolean;
  readonly mode: GrepOutputMode;
  /** Maximum lines of output. */
  readonly headLimit: number;
  /** Lines longer than this (minified code, data) are tested on their first part only. */
  readonly maxTestedLine: number;
  /** The searched directory; the paths of `search` requests are relative to it. */
  readonly root: string;
  /** Larger files are skipped unread (generated data, logs). */
  readonly maxFileBytes: number;
}

/**
 * Messages to the worker; each gets exactly one {@link GrepWorkerResponse}, in order. The paths
 * of `search` are `/`-separated, relative to the root, already admitted by the permission check,
 * and shown as they are in the output.
 */
export type GrepWorkerRequest =
  | { readonly kind: 'start'; readonly settings: GrepSearchSettings }
  | { readonly kind: 'search'; readonly paths: readonly string[] }
  | { readonly kind: 'finish' };

/** The worker's answers. `failed` carries an error the worker did not expect. */
export type GrepWorkerResponse =
  | { readonly kind: 'started' }
  | { readonly kind: 'invalid-pattern'; readonly message: string }
  | { readonly kind: 'searched' }
  | { readonly kind: 'finished'; readonly output: readonly string[]; readonly matches: number }
  | { readonly kind: 'failed'; readonly message: string };
