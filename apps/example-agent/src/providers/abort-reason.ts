/**
 * The error a stream should throw for `error`: the caller's abort reason when `signal` was
 * aborted. SDKs report an abort in their own words (`APIUserAbortError`, a DOM `AbortError`,
 * or nothing at all: the OpenAI and Anthropic streams just stop), while the caller wants back
 * the reason it aborted with.
 */
export function abortReasonOr(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted === true ? signal.reason : error;
}
