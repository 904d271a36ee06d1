import {
  type InputRequiredResult,
  inputRequired,
  MissingRequiredClientCapabilityError,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type CarriedInput, callFingerprint, roundAnswers } from './carried-input.js';
import { InputRounds } from './input-rounds.js';

/**
 * Answers one request whose handler may ask its client for input (`tools/call`, `prompts/get`).
 * Over a 2025 session (`stateless` undefined) the handler runs once and its requests go to the
 * client as they are made. Over a stateless request it runs with this round's answers, and when
 * it asked for something the client has not answered yet, its own result is dropped for an
 * `input_required` one that names the requests and carries the answers so far, signed.
 */
export async function answerWithInput<R>(
  stateless: RequestStateCodec<CarriedInput> | undefined,
  ctx: ServerContext,
  request: { readonly name: string; readonly arguments?: unknown },
  run: (rounds: InputRounds | undefined) => Promise<R>,
): Promise<R | InputRequiredResult> {
  if (stateless === undefined) return run(undefined);
  const call = callFingerprint(ctx.mcpReq.method, request.name, request.arguments);
  const rounds = new InputRounds(roundAnswers(ctx, call));
  let result: R;
  try {
    result = await run(rounds);
  } catch (error) {
    // A handler that lets the pending request's rejection escape (a prompt usually does) asked
    // for input all the same: that is the answer, not the error.
    if (!rounds.pending && rounds.missingCapabilities.length === 0) throw error;
  }
  const missing = rounds.missingCapabilities;
  if (missing.length > 0) {
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: Object.fromEntries(missing.map((capability) => [capability, {}])) },
      `This request needs the client capabilit${missing.length === 1 ? 'y' : 'ies'} ${missing.map((c) => `"${c}"`).join(', ')}, which the request's clientCapabilities do not declare.`,
    );
  }
  if (!rounds.pending) return result!;
  const requestState = await stateless.mint({ call, answers: rounds.carried }, ctx);
  return inputRequired({ inputRequests: rounds.requests, requestState });
}
