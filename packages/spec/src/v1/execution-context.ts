/** A progress report a tool sends while it runs. */
export interface ProgressUpdate {
  readonly message: string;
  readonly progress?: number;
  readonly total?: number;
}

/**
 * What a tool receives from the host when it runs: a signal to stop, the session and workspace
 * it runs for, an optional progress callback, and any fields the host adds for its own tools
 * (an artifact store, a permission broker, ...).
 */
export interface ExecutionContext {
  /** Fires when the call must stop; a tool checks it between steps and passes it to I/O. */
  signal: AbortSignal;
  sessionId: string;
  /** Absolute path of the workspace the agent works in. */
  workspaceRoot: string;
  onProgress?: (progress: ProgressUpdate) => void;
  [hostField: string]: unknown;
}
