import { createHash } from 'node:crypto';
import { ErrorReply } from '@redis/client';

/** A Lua script and its SHA-1, run by `EVALSHA` (the script is sent whole only when Redis lacks it). */
export interface RedisScript {
  readonly source: string;
  readonly sha1: string;
}

function script(source: string): RedisScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/** What a script call needs of the client: `EVALSHA`, and `EVAL` after a restart emptied the script cache. */
interface ScriptClient {
  evalSha(sha1: string, options: { keys: string[]; arguments: Array<string | Buffer> }): Promise<unknown>;
  eval(source: string, options: { keys: string[]; arguments: Array<string | Buffer> }): Promise<unknown>;
}

/** Runs `script` by its SHA-1; a Redis that does not know it yet (new, restarted) is sent the source. */
export async function runScript(
  client: ScriptClient,
  { source, sha1 }: RedisScript,
  keys: string[],
  args: Array<string | Buffer>,
): Promise<unknown> {
  try {
    return await client.evalSha(sha1, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof ErrorReply && error.message.startsWith('NOSCRIPT'))) throw error;
    return client.eval(source, { keys, arguments: args });
  }
}

/**
 * Stores one artifact of a session, or finds it stored, in one atomic step: the quota check, the
 * bytes, the record and the counters change together or not at all, so concurrent writers
 * across a fleet can never pass a limit, and a crash of Redis or of a worker never leaves bytes
 * without a record or a counter that disagrees with the records.
 *
 * KEYS: usage (hash: items, bytes), index (hash: id -> record JSON), blob (the bytes).
 * ARGV: id, bytes, record JSON, size, maxItems, maxSessionBytes, ttlMs, blob key prefix.
 * Replies `{'deduplicated'}` (the same bytes are stored), `{'stored', items, bytes}`,
 * `{'restored'}` (the record was there, its bytes were not: stored again, counted already),
 * `{'refused', items, bytes}` (a quota), or `{'drifted'}` (the stored bytes are not those of the id).
 * Every write gives each key of the session `ttlMs` to live again, so the session expires whole.
 */
export const WRITE_ARTIFACT = script(`
local ttl = tonumber(ARGV[7])
local function keepAlive()
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
  for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
    redis.call('PEXPIRE', ARGV[8] .. id, ttl)
  end
end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  local stored = redis.call('GET', KEYS[3])
  if stored == ARGV[2] then
    keepAlive()
    return {'deduplicated'}
  end
  if stored then return {'drifted'} end
  -- Its bytes were removed by hand (or evicted) while the record stayed: counted already, store them again.
  redis.call('SET', KEYS[3], ARGV[2])
  keepAlive()
  return {'restored'}
end
local items = tonumber(redis.call('HGET', KEYS[1], 'items') or '0')
local bytes = tonumber(redis.call('HGET', KEYS[1], 'bytes') or '0')
local size = tonumber(ARGV[4])
if items + 1 > tonumber(ARGV[5]) or bytes + size > tonumber(ARGV[6]) then
  return {'refused', items, bytes}
end
redis.call('SET', KEYS[3], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[1], 'items', items + 1, 'bytes', bytes + size)
keepAlive()
return {'stored', items + 1, bytes + size}
`);

/**
 * Removes a session whole, in one atomic step: every blob its index names, the index and the
 * counters. KEYS: usage, index. ARGV: blob key prefix.
 */
export const REMOVE_SESSION = script(`
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  redis.call('UNLINK', ARGV[1] .. id)
end
redis.call('UNLINK', KEYS[1], KEYS[2])
return 1
`);

/**
 * An artifact's record and bytes, read together (a transaction would do as well, but the client
 * returns a transaction's bytes decoded as text). KEYS: index, blob. ARGV: id.
 */
export const READ_ARTIFACT = script(`
return {redis.call('HGET', KEYS[1], ARGV[1]), redis.call('GET', KEYS[2])}
`);
