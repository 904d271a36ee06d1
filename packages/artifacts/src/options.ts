import {
  checkOptions,
  describeRenamedOptionProblem,
  isSessionId,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  refusedOption,
  SESSION_ID_PATTERN,
  SESSION_ID_RULE,
} from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { invalidOption as optionError } from './invalid-option.js';
import { DEFAULT_MIME_EXTENSIONS, EXTENSION_PATTERN, normaliseMimeType } from './mime-extensions.js';
import { READ_ARTIFACT_TOOL_NAME } from './spill-preview.js';
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
  /**
   * The tool a spill marker tells the model to call to read the rest (default `ReadArtifact`,
   * `READ_ARTIFACT_TOOL_NAME`); `false` when the host offers none, or another way (an MCP
   * resource), so that the marker names no call that does not exist.
   */
  readBackTool?: string | false | undefined;
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
  readBackTool: string | undefined;
}

/** Tool names a spill marker may carry (`readBackTool`): provider-safe, and nothing a model could misread. */
export const READ_BACK_TOOL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Namespace names: lowercase letters, digits and dashes, starting with a letter or digit, at most 64. */
export const ARTIFACT_NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The longest deprecated `sessionIdentity` accepted, in characters. */
const MAX_SESSION_IDENTITY_LENGTH = 512;

const OWNER = 'SessionArtifactStore';

/** The refusal of a value checked here, in the one wording of `@toolwright/utils`. */
function invalidOption(option: string, received: unknown, accepted: string): Error {
  return optionError(refusedOption(OWNER, option, accepted, received));
}

const LIMIT_OPTIONS: OptionTable<ArtifactLimits> = {
  maxItemBytes: POSITIVE_SAFE_INTEGER,
  maxItems: POSITIVE_SAFE_INTEGER,
  maxSessionBytes: POSITIVE_SAFE_INTEGER,
};

/**
 * Every constructor option and what it accepts, at the top level and in `limits`: a misspelt or
 * misplaced option would otherwise be dropped, and a quota the host believes it set would not be
 * enforced. The root, namespace, session and MIME extensions are checked in `resolveStoreOptions`.
 */
const STORE_OPTIONS: OptionTable<SessionArtifactStoreOptions> = {
  root: { kind: 'custom', required: true, accepts: 'a non-empty directory path' },
  namespace: { kind: 'custom', required: true, accepts: `a name matching ${ARTIFACT_NAMESPACE_PATTERN}` },
  sessionId: { kind: 'custom' },
  sessionIdentity: { kind: 'custom' },
  limits: { kind: 'object', options: LIMIT_OPTIONS },
  mimeExtensions: { kind: 'object', accepts: 'an object mapping MIME types to extensions' },
  validateRequest: { kind: 'function' },
  lockTimeoutMs: POSITIVE_SAFE_INTEGER,
  readBackTool: { kind: 'custom' },
};

/** Default of `lockTimeoutMs`. */
const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

/** The limits (checked by `STORE_OPTIONS`) over the defaults. */
function resolveLimits(limits: SessionArtifactStoreOptions['limits']): Readonly<ArtifactLimits> {
  if (limits === undefined) return DEFAULT_ARTIFACT_LIMITS;
  const resolved: ArtifactLimits = { ...DEFAULT_ARTIFACT_LIMITS };
  for (const name of Object.keys(LIMIT_OPTIONS) as (keyof ArtifactLimits)[]) {
    const value = limits[name];
    if (value !== undefined) resolved[name] = value;
  }
  return Object.freeze(resolved);
}

function resolveMimeExtensions(
  mimeExtensions: SessionArtifactStoreOptions['mimeExtensions'],
): Readonly<Record<string, string>> {
  if (mimeExtensions === undefined) return DEFAULT_MIME_EXTENSIONS;
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
  checkOptions(OWNER, options, STORE_OPTIONS, optionError);
  const { root, namespace, validateRequest, lockTimeoutMs } = options;
  if (typeof root !== 'string' || root.length === 0 || root.includes('\0')) {
    throw invalidOption('root', root, 'a non-empty directory path');
  }
  if (typeof namespace !== 'string' || !ARTIFACT_NAMESPACE_PATTERN.test(namespace)) {
    throw invalidOption('namespace', namespace, `a name matching ${ARTIFACT_NAMESPACE_PATTERN}`);
  }
  const sessionId = resolveSessionId(options);
  const { readBackTool } = options;
  if (
    readBackTool !== undefined &&
    readBackTool !== false &&
    (typeof readBackTool !== 'string' || !READ_BACK_TOOL_PATTERN.test(readBackTool))
  ) {
    throw invalidOption(
      'readBackTool',
      readBackTool,
      `a tool name matching ${READ_BACK_TOOL_PATTERN}, or false`,
    );
  }
  return {
    root,
    namespace,
    sessionId,
    limits: resolveLimits(options.limits),
    mimeExtensions: resolveMimeExtensions(options.mimeExtensions),
    validateRequest: validateRequest === undefined ? undefined : validateRequest.bind(options),
    lockTimeoutMs: lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    readBackTool: readBackTool === false ? undefined : (readBackTool ?? READ_ARTIFACT_TOOL_NAME),
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
