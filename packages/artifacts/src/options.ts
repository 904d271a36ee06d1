import {
  describeRenamedOptionProblem,
  isSessionId,
  SESSION_ID_PATTERN,
  SESSION_ID_RULE,
} from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { DEFAULT_MIME_EXTENSIONS, EXTENSION_PATTERN, normaliseMimeType } from './mime-extensions.js';
import { checkNumberOption, checkOptionNames, POSITIVE_SAFE_INTEGER } from './option-checks.js';
import type { ArtifactWriteRequest } from './types.js';
import { describeLoneSurrogate, findLoneSurrogate } from './well-formed-text.js';

/** Bounds of one session. Every value is a positive safe integer. */
export interface ArtifactLimits {
  /** Largest single artifact, in bytes. */
  maxItemBytes: number;
  /** Most artifacts one session may hold (de-duplicated files count once). */
  maxItems: number;
  /** Most bytes one session may hold on disk. */
  maxSessionBytes: number;
}

/** The limits used for any that the options leave out: 100 MiB per item, 1,000 items, 1 GiB per session. */
export const DEFAULT_ARTIFACT_LIMITS: Readonly<ArtifactLimits> = Object.freeze({
  maxItemBytes: 100 * 1024 * 1024,
  maxItems: 1000,
  maxSessionBytes: 1024 * 1024 * 1024,
});

/** Options of {@link SessionArtifactStore}'s constructor. */
export interface SessionArtifactStoreOptions {
  /**
   * Storage root; created (0700) if missing. It must be owned by this user or by root, whatever
   * its mode, and writable by group or others only if sticky, like `/tmp`.
   */
  root: string;
  /** Who stores here, e.g. `mcp` or `browser`: `^[a-z0-9][a-z0-9-]{0,63}$`. */
  namespace: string;
  /**
   * The session this store belongs to, the same id the executor takes: 1 to 128 letters, digits,
   * `_` and `-`, starting with a letter or digit (`SESSION_ID_PATTERN` of `@toolwright/utils`).
   * Only its SHA-256 reaches the disk. Required (until the next minor, `sessionIdentity` may
   * stand in for it).
   */
  sessionId?: string | undefined;
  /**
   * @deprecated use `sessionId`; removed in the next minor. Until then it keeps its own rule (a
   * well-formed UTF-16 string of 1 to 512 characters) and names the same directory as a
   * `sessionId` of the same text.
   */
  sessionIdentity?: string | undefined;
  /** Quotas; each omitted one takes its {@link DEFAULT_ARTIFACT_LIMITS} value. */
  limits?: { [Key in keyof ArtifactLimits]?: number | undefined } | undefined;
  /** MIME type to extension (with its dot), merged over {@link DEFAULT_MIME_EXTENSIONS}. */
  mimeExtensions?: Record<string, string> | undefined;
  /** A host check run on every write request before anything touches the disk; throw to refuse. */
  validateRequest?: ((request: ArtifactWriteRequest) => void) | undefined;
  /** How long a write waits for another process holding the session lock, in ms (default 10,000). */
  lockTimeoutMs?: number | undefined;
}

/** Options after validation, with defaults applied. */
export interface ResolvedStoreOptions {
  root: string;
  namespace: string;
  sessionId: string;
  limits: Readonly<ArtifactLimits>;
  mimeExtensions: Readonly<Record<string, string>>;
  validateRequest: ((request: ArtifactWriteRequest) => void) | undefined;
  lockTimeoutMs: number;
}

/** Namespace names: lowercase letters, digits and dashes, starting with a letter or digit, at most 64. */
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The longest deprecated `sessionIdentity` accepted, in characters. */
const MAX_SESSION_IDENTITY_LENGTH = 512;

function invalidOption(option: string, received: unknown, accepted: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.InvalidOption,
    `Invalid option ${option}: received ${describeValue(received)}; expected ${accepted}.`,
    { option },
  );
}

/** A short, safe rendering of a received value for error messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    return `${JSON.stringify(shown)} (string of ${value.length} characters)`;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null) {
    return String(value);
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
}

/** The keys of `limits`, in the order messages list them. */
const LIMIT_NAMES: readonly (keyof ArtifactLimits)[] = ['maxItemBytes', 'maxItems', 'maxSessionBytes'];

/** The constructor's option names, in the order messages list them. */
const STORE_OPTION_NAMES: readonly (keyof SessionArtifactStoreOptions)[] = [
  'root',
  'namespace',
  'sessionId',
  'sessionIdentity',
  'limits',
  'mimeExtensions',
  'validateRequest',
  'lockTimeoutMs',
];

/** Default of `lockTimeoutMs`. */
const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

function resolveLimits(limits: unknown): Readonly<ArtifactLimits> {
  if (limits === undefined) return DEFAULT_ARTIFACT_LIMITS;
  checkOptionNames(limits, { owner: 'SessionArtifactStore limits', prefix: 'limits.', known: LIMIT_NAMES });
  const resolved: ArtifactLimits = { ...DEFAULT_ARTIFACT_LIMITS };
  for (const name of LIMIT_NAMES) {
    const value = (limits as Record<string, unknown>)[name];
    if (value === undefined) continue;
    checkNumberOption('SessionArtifactStore', `limits.${name}`, value, POSITIVE_SAFE_INTEGER);
    resolved[name] = value as number;
  }
  return Object.freeze(resolved);
}

function resolveMimeExtensions(mimeExtensions: unknown): Readonly<Record<string, string>> {
  if (mimeExtensions === undefined) return DEFAULT_MIME_EXTENSIONS;
  if (typeof mimeExtensions !== 'object' || mimeExtensions === null || Array.isArray(mimeExtensions)) {
    throw invalidOption('mimeExtensions', mimeExtensions, 'an object mapping MIME types to extensions');
  }
  const merged: Record<string, string> = { ...DEFAULT_MIME_EXTENSIONS };
  for (const [mimeType, extension] of Object.entries(mimeExtensions)) {
    const normalised = normaliseMimeType(mimeType);
    if (normalised === undefined || normalised !== mimeType) {
      throw invalidOption(
        `mimeExtensions[${JSON.stringify(mimeType)}]`,
        mimeType,
        'a lowercase type/subtype key',
      );
    }
    if (typeof extension !== 'string' || !EXTENSION_PATTERN.test(extension)) {
      throw invalidOption(
        `mimeExtensions[${JSON.stringify(mimeType)}]`,
        extension,
        'an extension such as ".png": a dot and 1 to 16 lowercase letters or digits',
      );
    }
    merged[mimeType] = extension;
  }
  return Object.freeze(merged);
}

/**
 * Validates the constructor options, naming the first bad one, and applies defaults. Every key is
 * checked by name, at the top level and in `limits`: an option that is misspelt or misplaced
 * would otherwise be dropped, and a quota the host believes it set would not be enforced.
 */
export function resolveStoreOptions(options: SessionArtifactStoreOptions): ResolvedStoreOptions {
  checkOptionNames(options, {
    owner: 'SessionArtifactStore',
    prefix: '',
    known: STORE_OPTION_NAMES,
    nested: Object.fromEntries(LIMIT_NAMES.map((name) => [name, 'limits'])),
  });
  const { root, namespace, validateRequest, lockTimeoutMs } = options;
  if (typeof root !== 'string' || root.length === 0 || root.includes('\0')) {
    throw invalidOption('root', root, 'a non-empty directory path');
  }
  if (typeof namespace !== 'string' || !NAMESPACE_PATTERN.test(namespace)) {
    throw invalidOption('namespace', namespace, `a name matching ${NAMESPACE_PATTERN}`);
  }
  const sessionId = resolveSessionId(options);
  if (validateRequest !== undefined && typeof validateRequest !== 'function') {
    throw invalidOption('validateRequest', validateRequest, 'a function or undefined');
  }
  checkNumberOption('SessionArtifactStore', 'lockTimeoutMs', lockTimeoutMs, POSITIVE_SAFE_INTEGER);
  return {
    root,
    namespace,
    sessionId,
    limits: resolveLimits(options.limits),
    mimeExtensions: resolveMimeExtensions(options.mimeExtensions),
    validateRequest: validateRequest === undefined ? undefined : validateRequest.bind(options),
    lockTimeoutMs: lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
  };
}

/**
 * `sessionId`, checked against the one session-id rule, or the deprecated `sessionIdentity`
 * under its own rule; both with different values are refused (the store would not know which
 * session it belongs to).
 */
function resolveSessionId(options: SessionArtifactStoreOptions): string {
  const renamed = describeRenamedOptionProblem(
    'SessionArtifactStore',
    options,
    'sessionId',
    'sessionIdentity',
  );
  if (renamed !== undefined) {
    throw new ArtifactStoreError(ArtifactStoreErrorCode.InvalidOption, renamed, { option: 'sessionId' });
  }
  if (options.sessionId !== undefined || options.sessionIdentity === undefined) {
    if (!isSessionId(options.sessionId)) {
      throw invalidOption(
        'sessionId',
        options.sessionId,
        `${SESSION_ID_RULE}, matching ${SESSION_ID_PATTERN}`,
      );
    }
    return options.sessionId;
  }
  const { sessionIdentity } = options;
  if (
    typeof sessionIdentity !== 'string' ||
    sessionIdentity.length === 0 ||
    sessionIdentity.length > MAX_SESSION_IDENTITY_LENGTH
  ) {
    throw invalidOption(
      'sessionIdentity',
      sessionIdentity,
      `a non-empty string of at most ${MAX_SESSION_IDENTITY_LENGTH} characters`,
    );
  }
  // Only the SHA-256 of the UTF-8 reaches the disk, and a lone surrogate encodes as U+FFFD: two
  // identities that differ only there would share one session directory.
  const loneSurrogateAt = findLoneSurrogate(sessionIdentity);
  if (loneSurrogateAt >= 0) {
    throw invalidOption(
      'sessionIdentity',
      sessionIdentity,
      `a well-formed UTF-16 string; it has a ${describeLoneSurrogate(sessionIdentity, loneSurrogateAt)}, and ` +
        'identities that differ only in lone surrogates would hash to the same session directory',
    );
  }
  return sessionIdentity;
}
