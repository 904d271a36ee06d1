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
  /** Larger files are skipped unread (generated data, logs). */
  readonly maxFileBytes: number;
}

/** One file to search: how the output names it, and the real path that was judged. */
export interface GrepFile {
  /** `/`-separated, relative to the root, shown as it is in the output. */
  readonly path: string;
  /**
   * The real path the permission check judged for it. The worker opens exactly this, without
   * following links, and skips the file (counting it as changed) unless the opened file is there.
   */
  readonly realPath: string;
}

/**
 * Messages to the worker; each gets exactly one {@link GrepWorkerResponse}, in order. The files
 * of `search` were already admitted by the permission check.
 */
export type GrepWorkerRequest =
  | { readonly kind: 'start'; readonly settings: GrepSearchSettings }
  | { readonly kind: 'search'; readonly files: readonly GrepFile[] }
  | { readonly kind: 'finish' };

/** The worker's answers. `failed` carries an error the worker did not expect. */
export type GrepWorkerResponse =
  | { readonly kind: 'started' }
  | { readonly kind: 'invalid-pattern'; readonly message: string }
  | { readonly kind: 'searched' }
  | {
      readonly kind: 'finished';
      readonly output: readonly string[];
      readonly matches: number;
      /** Files skipped because the opened file was not at the judged real path. */
      readonly changed: number;
    }
  | { readonly kind: 'failed'; readonly message: string };
