/** A progress report a tool sends while it runs. */
export interface ProgressUpdate {
  readonly message: string;
  readonly progress?: number;
  readonly total?: number;
}

/**
 * What a tool receives from the host when it runs: a signal to stop, the session and workspace
 * it runs for, an optional progress callback, the call's identity (its id and idempotency key), and any fields the host adds for its own tools
 * (an artifact store, a permission broker, ...).
 */
export interface ExecutionContext {
  /** Fires when the call must stop; a tool checks it between steps and passes it to I/O. */
  signal: AbortSignal;
  sessionId: string;
  /** Absolute path of the workspace the agent works in. */
  workspaceRoot: string;
  onProgress?: (progress: ProgressUpdate) => void;
  /**
   * The model's id of this call (the provider's tool-call id; an MCP request's id when the call
   * came over MCP). The executor always sets it; a host that runs a tool itself may leave it
   * out, and a tool must then do without.
   */
  toolCallId?: string;
  /**
   * The same for every run of this call and different for every other: the SHA-256 of
   * `toolCallId` and the call's validated arguments in canonical JSON (`idempotencyKey` of
   * `@toolwright/utils`), or the key the caller passed in (an MCP request's
   * `io.toolwright/idempotencyKey`). Set with `toolCallId`; a tool with a side effect hands it
   * to the service it calls, so that a retried call is not done twice.
   */
  idempotencyKey?: string;
  [hostField: string]: unknown;
}
