import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * The reason a call's `signal` is aborted with when its timeout passes, so a tool that reads
 * `signal.reason` sees `CallTimeoutError: timed out after 500 ms` and not a bare `Error`.
 */
export class CallTimeoutError extends ToolwrightError {
  declare static readonly isInstance: ErrorClassGuard<CallTimeoutError>;

  static {
    brandErrorClass(CallTimeoutError, 'toolwright.executor.CallTimeoutError');
  }

  constructor(timeoutMs: number) {
    super('call_timeout', `timed out after ${timeoutMs} ms`);
  }
}

/** A pre-tool hook's refusal, carried from the hook step to the call's outcome (never thrown to a host). */
export class HookDenial extends ToolwrightError {
  declare static readonly isInstance: ErrorClassGuard<HookDenial>;

  static {
    brandErrorClass(HookDenial, 'toolwright.executor.HookDenial');
  }

  constructor(message: string) {
    super('hook_denied', message);
  }
}
