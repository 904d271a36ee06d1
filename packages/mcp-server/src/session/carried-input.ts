import { createHash } from 'node:crypto';
import {
  createRequestStateCodec,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { canonicalJson } from '@toolwright/utils';

/** What a stateless call's signed `requestState` carries to its next round. */
export interface CarriedInput {
  /** The call it belongs to: a hash of the tool's name and arguments. */
  readonly call: string;
  /** The client's answers the tool used so far, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
}

/** How long a round's state stays good: a person may take a while to answer a form. */
const REQUEST_STATE_TTL_SECONDS = 30 * 60;

/**
 * The codec of {@link CarriedInput}: HMAC-signed with the server's key (so any replica that shares
 * it reads it, and a client cannot alter it), expiring, and bound to the method and to the
 * authenticated client, so one client's state is refused from another.
 */
export function carriedInputCodec(key: Uint8Array): RequestStateCodec<CarriedInput> {
  return createRequestStateCodec<CarriedInput>({
    key,
    ttlSeconds: REQUEST_STATE_TTL_SECONDS,
    bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
  });
}

/** The hash {@link CarriedInput.call} holds for a `method` request of `name` with `args`. */
export function callFingerprint(method: string, name: string, args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ method, name, arguments: args ?? {} }))
    .digest('base64url');
}

/**
 * The answers a round starts from: those its verified `requestState` carries (when it is of
 * this very call: state of another call is not an answer to this one), then the client's
 * responses of this round.
 */
export function roundAnswers(ctx: ServerContext, call: string): Record<string, unknown> {
  const carried = ctx.mcpReq.requestState<CarriedInput | string | undefined>();
  const earlier =
    typeof carried === 'object' && carried !== null && carried.call === call ? carried.answers : {};
  return { ...earlier, ...(ctx.mcpReq.inputResponses ?? {}) };
}
