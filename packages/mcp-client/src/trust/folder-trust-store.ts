import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import { userStateDirectory } from '@toolwright/utils/private-files';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { invalidOption } from '../invalid-option.js';
import { GuardedPrivateDirectory, guardPrivateState } from '../private-state.js';
import { type FolderFile, folderFingerprint, readFolderFile, realPathOf } from './folder-files.js';

/**
 * Whether a folder is trusted: `untrusted` never was (or was revoked), `declined` the user said
 * no to exactly these files, `changed` a decision was made for other files (ask again).
 */
export type FolderTrustStatus = 'trusted' | 'untrusted' | 'declined' | 'changed';

/** What the user decided about a folder. */
export type FolderTrustDecision = 'trusted' | 'declined';

/**
 * A folder and the files its trust covers, read once, with the verdict. The host parses its
 * configuration from these `files` (never by reading them again), so what was judged is what is
 * used; `FolderTrustStore.trust` records exactly this fingerprint.
 */
export interface FolderTrustCheck {
  /** The folder's real path (links resolved): every spelling of one folder is the same folder. */
  readonly folder: string;
  /** The covered files, each as read for this check. */
  readonly files: readonly FolderFile[];
  /** SHA-256 over the folder's real path and the real paths and contents of the files. */
  readonly fingerprint: string;
  readonly status: FolderTrustStatus;
  /** `status === 'trusted'`. */
  readonly trusted: boolean;
}

/** One folder the user decided about, as recorded. */
export interface TrustedFolder {
  readonly folder: string;
  /** `trusted`, or `declined`: the user said no, and is not asked again until a file changes. */
  readonly decision: FolderTrustDecision;
  readonly fingerprint: string;
  /** Real paths of the files the trust covers. */
  readonly files: readonly string[];
  /** When the user decided (ISO 8601). */
  readonly trustedAt: string;
}

/** Options of {@link FolderTrustStore}. */
export interface FolderTrustStoreOptions {
  /**
   * The store's directory (default {@link defaultFolderTrustDirectory}); created 0700. Its last
   * segment is a plain name; its parent may be a link but must be ours or root's.
   */
  readonly directory?: string;
}

const OPTION_NAMES: OptionTable<FolderTrustStoreOptions> = { directory: { kind: 'custom' } };

/** Whether `name` is a record's file name (a function, not a module-level pattern, so the mutation runner can switch its mutants). */
function isRecordName(name: string): boolean {
  return /^[0-9a-f]{64}\.json$/.test(name);
}

/**
 * The default place of the folder trust store: `$XDG_STATE_HOME/toolwright/trusted-folders`, or
 * `~/.local/state/toolwright/trusted-folders`. It lives outside every workspace, so a cloned
 * repository cannot carry its own trust.
 */
export function defaultFolderTrustDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(userStateDirectory(env), 'trusted-folders');
}

function recordName(folder: string): string {
  return `${createHash('sha256').update(folder).digest('hex')}.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record as written by {@link FolderTrustStore.trust}, or `undefined` for anything else (or nothing). */
function parseRecord(bytes: Buffer | undefined): TrustedFolder | undefined {
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: `value` stays undefined, which the check below refuses.
  }
  if (
    !isRecord(value) ||
    typeof value.folder !== 'string' ||
    typeof value.fingerprint !== 'string' ||
    typeof value.trustedAt !== 'string' ||
    (value.decision !== 'trusted' && value.decision !== 'declined') ||
    !Array.isArray(value.files) ||
    value.files.some((file) => typeof file !== 'string')
  ) {
    return undefined;
  }
  return Object.freeze({
    folder: value.folder,
    decision: value.decision,
    fingerprint: value.fingerprint,
    files: Object.freeze([...(value.files as string[])]),
    trustedAt: value.trustedAt,
  });
}

/**
 * The folders a user trusts, recorded outside any workspace. A folder is recorded by its real
 * path with a fingerprint of the files its trust covers (their real paths and contents, a
 * missing file counted as absent), so a changed, added or removed file makes it ask again, and
 * a folder elsewhere with the same files is a different folder. Records live in a
 * `PrivateDirectory` of `@toolwright/utils/private-files`: 0700, files 0600, owner-checked, never followed
 * through a link, written atomically — one file per folder, so two processes trusting two
 * folders at once both keep theirs.
 */
export class FolderTrustStore {
  /** Where the records are. */
  readonly directory: string;

  /** @throws McpClientError `invalid_option` for an unknown option or a directory that is not a string. */
  constructor(options: FolderTrustStoreOptions = {}) {
    checkOptions('FolderTrustStore', options, OPTION_NAMES, invalidOption);
    const directory = options.directory ?? defaultFolderTrustDirectory();
    if (typeof directory !== 'string' || directory === '') {
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        `FolderTrustStore: "directory" must be a non-empty path, got ${JSON.stringify(directory)}`,
      );
    }
    this.directory = resolve(directory);
  }

  /**
   * Reads `files` (relative to `folder`, or absolute) once and says whether the user trusts
   * `folder` with exactly these files. Nothing is created.
   *
   * @throws McpClientError `invalid_option` when `folder` is not a directory; `config_invalid`
   *   when a file is not a regular file or is too large; `state_unsafe` when the store is
   *   unsafe (a link, another owner, a loose mode), with the store's error as `cause`.
   */
  check(folder: string, files: readonly string[]): FolderTrustCheck {
    const real = realFolder('FolderTrustStore.check', folder);
    if (!Array.isArray(files) || files.some((file) => typeof file !== 'string' || file === '')) {
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        'FolderTrustStore.check: "files" must be an array of non-empty paths (relative to the folder, or absolute)',
      );
    }
    const byRealPath = new Map<string, FolderFile>();
    for (const file of files) {
      const read = readFolderFile(real, file);
      if (!byRealPath.has(read.realPath)) byRealPath.set(read.realPath, read);
    }
    const covered = Object.freeze([...byRealPath.values()]);
    const fingerprint = folderFingerprint(real, covered);
    const record = this.#read(real);
    const status: FolderTrustStatus =
      record === undefined || record.folder !== real
        ? 'untrusted'
        : record.fingerprint !== fingerprint
          ? 'changed'
          : record.decision;
    return Object.freeze({
      folder: real,
      files: covered,
      fingerprint,
      status,
      trusted: status === 'trusted',
    });
  }

  /**
   * Records that the user trusts `check.folder` with the files exactly as `check` read them —
   * what the user was shown — and returns the record. A file changed since asks again.
   */
  trust(check: FolderTrustCheck): TrustedFolder {
    return this.#record('trust', check, 'trusted');
  }

  /**
   * Records that the user declined to trust `check.folder` with these files: `check` then says
   * `declined` (not `untrusted`), so a host can stop asking until a covered file changes.
   */
  decline(check: FolderTrustCheck): TrustedFolder {
    return this.#record('decline', check, 'declined');
  }

  #record(method: string, check: FolderTrustCheck, decision: FolderTrustDecision): TrustedFolder {
    if (
      !isRecord(check) ||
      typeof check.folder !== 'string' ||
      typeof check.fingerprint !== 'string' ||
      !/^[0-9a-f]{64}$/.test(check.fingerprint) ||
      !Array.isArray(check.files)
    ) {
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        `FolderTrustStore.${method}: expected the result of FolderTrustStore.check (the folder and files the user was shown)`,
      );
    }
    const record: TrustedFolder = Object.freeze({
      folder: check.folder,
      decision,
      fingerprint: check.fingerprint,
      files: Object.freeze(check.files.map((file) => file.realPath)),
      trustedAt: new Date().toISOString(),
    });
    this.#create().write(recordName(check.folder), Buffer.from(`${JSON.stringify(record, null, 2)}\n`));
    return record;
  }

  /** Forgets what the user decided about `folder` (any spelling of it); true when there was a record. */
  revoke(folder: string): boolean {
    const directory = this.#existing();
    if (directory === undefined) return false;
    return directory.remove(recordName(realPathOf(resolve(folder))));
  }

  /** Every folder the user decided about (trusted or declined), sorted by path. */
  list(): TrustedFolder[] {
    const directory = this.#existing();
    if (directory === undefined) return [];
    const records: TrustedFolder[] = [];
    // Stryker disable next-line StringLiteral: the directory passed its checks just now (ours, 0700), so only its removal in between makes the listing fail
    const names = guardPrivateState('FolderTrustStore.list', directory.path, () =>
      readdirSync(directory.path),
    );
    // In any order: the records are sorted by folder below.
    for (const name of names.filter(isRecordName)) {
      const record = parseRecord(directory.read(name));
      if (record !== undefined && recordName(record.folder) === name) records.push(record);
    }
    // Stryker disable next-line EqualityOperator: no two records name one folder (each is kept under its folder's hash), so `<` and `<=` agree
    return records.sort((left, right) => (left.folder < right.folder ? -1 : 1));
  }

  #read(folder: string): TrustedFolder | undefined {
    return parseRecord(this.#existing()?.read(recordName(folder)));
  }

  /** The private directory, or `undefined` when it does not exist (nothing is created). */
  #existing(): GuardedPrivateDirectory | undefined {
    try {
      lstatSync(this.directory);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      guardPrivateState('FolderTrustStore', this.directory, () => {
        throw error;
      });
    }
    return this.#create();
  }

  /** The private directory, created when missing. */
  #create(): GuardedPrivateDirectory {
    return new GuardedPrivateDirectory('FolderTrustStore', dirname(this.directory), basename(this.directory));
  }
}

function realFolder(owner: string, folder: string): string {
  if (typeof folder !== 'string' || folder === '') {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: "folder" must be a non-empty path, got ${JSON.stringify(folder)}`,
    );
  }
  let real: string;
  try {
    real = realpathSync.native(resolve(folder));
  } catch (error) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: folder ${folder} does not exist (${(error as { code?: string }).code ?? String(error)}); expected an existing directory`,
      { cause: error },
    );
  }
  if (!statSync(real).isDirectory()) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: ${folder} is not a directory; expected the folder whose configuration is checked`,
    );
  }
  return real;
}
