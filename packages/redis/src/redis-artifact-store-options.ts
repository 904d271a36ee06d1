import {
  ARTIFACT_NAMESPACE_PATTERN,
  type ArtifactLimits,
  type ArtifactWriteRequest,
  DEFAULT_ARTIFACT_LIMITS,
  READ_ARTIFACT_TOOL_NAME,
  READ_BACK_TOOL_PATTERN,
} from '@toolwright/artifacts';
import {
  checkOptions,
  isSessionId,
  type OptionErrorFactory,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  refusedOption,
  SESSION_ID_PATTERN,
  SESSION_ID_RULE,
} from '@toolwright/utils';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Options of {@link RedisArtifactStore}: those of `SessionArtifactStore` that mean something on Redis. */
export interface RedisArtifactStoreOptions {
  /** Who stores here, e.g. `mcp` or `browser`: `ARTIFACT_NAMESPACE_PATTERN` of `@toolwright/artifacts`. */
  readonly namespace: string;
  /** The session this store belongs to (`SESSION_ID_PATTERN` of `@toolwright/utils`); only its SHA-256 names keys. */
  readonly sessionId: string;
  /** Quotas of the session across the fleet; each omitted one takes its `DEFAULT_ARTIFACT_LIMITS` value. */
  readonly limits?: { [Key in keyof ArtifactLimits]?: number | undefined } | undefined;
  /**
   * How long a session's artifacts are kept at least after its last write, in milliseconds
   * (default one day); all of them go together, at most 1.5 x this after the last write.
   */
  readonly ttlMs?: number | undefined;
  /** Put before every key (default `toolwright:`), so several hosts or tenants share one Redis. */
  readonly keyPrefix?: string | undefined;
  /** A host check run on every write request before anything is sent to Redis; throw to refuse. */
  readonly validateRequest?: ((request: ArtifactWriteRequest) => void) | undefined;
  /** The tool a spill marker tells the model to call (default `ReadArtifact`); `false` for none. */
  readonly readBackTool?: string | false | undefined;
}

/** The options after checks, with defaults applied. */
export interface ResolvedArtifactStoreOptions {
  readonly namespace: string;
  readonly sessionId: string;
  readonly limits: Readonly<ArtifactLimits>;
  readonly ttlMs: number;
  readonly keyPrefix: string;
  readonly validateRequest: ((request: ArtifactWriteRequest) => void) | undefined;
  readonly readBackTool: string | undefined;
}

/** Default of `ttlMs`: a day. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

const OWNER = 'RedisArtifactStore';

const refuse: OptionErrorFactory = (problem) =>
  new RedisStoreError(RedisStoreErrorCode.InvalidOption, problem.message);

const LIMIT_OPTIONS: OptionTable<ArtifactLimits> = {
  maxItemBytes: POSITIVE_SAFE_INTEGER,
  maxItems: POSITIVE_SAFE_INTEGER,
  maxSessionBytes: POSITIVE_SAFE_INTEGER,
};

const STORE_OPTIONS: OptionTable<RedisArtifactStoreOptions> = {
  namespace: { kind: 'custom', required: true, accepts: `a name matching ${ARTIFACT_NAMESPACE_PATTERN}` },
  sessionId: {
    kind: 'custom',
    required: true,
    accepts: `${SESSION_ID_RULE}, matching ${SESSION_ID_PATTERN}`,
  },
  limits: { kind: 'object', options: LIMIT_OPTIONS },
  ttlMs: POSITIVE_SAFE_INTEGER,
  keyPrefix: { kind: 'string' },
  validateRequest: { kind: 'function' },
  readBackTool: { kind: 'custom' },
};

/**
 * Checks every option by name (a misspelt `limit` would leave a quota the host believes it set
 * unenforced), naming the first bad one in an `invalid_option` {@link RedisStoreError}.
 */
export function resolveArtifactStoreOptions(
  options: RedisArtifactStoreOptions,
): ResolvedArtifactStoreOptions {
  checkOptions(OWNER, options, STORE_OPTIONS, refuse);
  const { namespace, sessionId, readBackTool } = options;
  if (typeof namespace !== 'string' || !ARTIFACT_NAMESPACE_PATTERN.test(namespace))
    throw refuse(
      refusedOption(OWNER, 'namespace', `a name matching ${ARTIFACT_NAMESPACE_PATTERN}`, namespace),
    );
  if (!isSessionId(sessionId))
    throw refuse(
      refusedOption(OWNER, 'sessionId', `${SESSION_ID_RULE}, matching ${SESSION_ID_PATTERN}`, sessionId),
    );
  if (
    readBackTool !== undefined &&
    readBackTool !== false &&
    (typeof readBackTool !== 'string' || !READ_BACK_TOOL_PATTERN.test(readBackTool))
  )
    throw refuse(
      refusedOption(
        OWNER,
        'readBackTool',
        `a tool name matching ${READ_BACK_TOOL_PATTERN}, or false`,
        readBackTool,
      ),
    );
  const limits: ArtifactLimits = { ...DEFAULT_ARTIFACT_LIMITS };
  for (const name of Object.keys(LIMIT_OPTIONS) as (keyof ArtifactLimits)[]) {
    const value = options.limits?.[name];
    if (value !== undefined) limits[name] = value;
  }
  return {
    namespace,
    sessionId,
    limits: Object.freeze(limits),
    ttlMs: options.ttlMs ?? DEFAULT_TTL_MS,
    keyPrefix: options.keyPrefix ?? 'toolwright:',
    validateRequest: options.validateRequest?.bind(options),
    readBackTool: readBackTool === false ? undefined : (readBackTool ?? READ_ARTIFACT_TOOL_NAME),
  };
}
