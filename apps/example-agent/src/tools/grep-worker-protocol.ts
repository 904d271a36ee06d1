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
}

/** One file's text, already known to be small and not binary. */
export interface GrepFile {
  /** As shown in the output: `/`-separated, relative to the searched directory. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** Messages to the worker; each gets exactly one {@link GrepWorkerResponse}, in order. */
export type GrepWorkerRequest =
  | { readonly kind: 'start'; readonly settings: GrepSearchSettings }
  | { readonly kind: 'search'; readonly files: readonly GrepFile[] }
  | { readonly kind: 'finish' };

/** The worker's answers. `failed` carries an error the worker did not expect. */
export type GrepWorkerResponse =
  | { readonly kind: 'started' }
  | { readonly kind: 'invalid-pattern'; readonly message: string }
  | { readonly kind: 'searched' }
  | { readonly kind: 'finished'; readonly output: readonly string[]; readonly matches: number }
  | { readonly kind: 'failed'; readonly message: string };
