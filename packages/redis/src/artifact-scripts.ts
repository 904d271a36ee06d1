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
 * KEYS: usage (hash: items, bytes), index (hash: id -> record JSON), blob (the bytes of this id),
 * staging (where large bytes were sent ahead, or an unused name).
 * ARGV: id, bytes (empty when staged), record JSON, size, maxItems, maxSessionBytes, ttlMs,
 * '1' when the bytes wait under the staging key, the blob key prefix.
 *
 * Large bytes are moved in place by RENAME: Lua never copies them (reading 1 MiB into a script
 * costs more than sending it). Staged bytes are those the writer hashed, so on a record already
 * present they simply replace what is stored; small ones are compared with it.
 *
 * All keys of a session share one deadline: a write that finds less than ttlMs left moves every
 * key's to 1.5 x ttlMs (one pass over the session, at most once per half ttlMs), otherwise gives
 * a new blob the deadline the others have. Script time is frozen, so these are the same instant.
 *
 * Replies `{'deduplicated'}`, `{'stored', items, bytes}`, `{'restored'}` (the record was there
 * and its bytes were not: stored again, counted already), `{'refused', items, bytes}` (a quota),
 * `{'drifted'}` (the stored bytes are not those of the id) or `{'lost'}` (the staged bytes are
 * gone: Redis restarted, or they waited too long).
 */
export const WRITE_ARTIFACT = script(`
local staged = ARGV[8] == '1'
if staged and redis.call('STRLEN', KEYS[4]) ~= tonumber(ARGV[4]) then return {'lost'} end
local ttl = tonumber(ARGV[7])
local function place()
  if staged then
    redis.call('RENAME', KEYS[4], KEYS[3])
  else
    redis.call('SET', KEYS[3], ARGV[2])
  end
end
-- One absolute deadline for every key of the session: a relative PEXPIRE per key would read the
-- clock at each call, and a script that crosses a millisecond would give the keys two deadlines.
local function keepAlive(placed)
  local left = redis.call('PTTL', KEYS[2])
  if left < ttl then
    local clock = redis.call('TIME')
    local deadline = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) + math.floor(ttl * 1.5)
    redis.call('PEXPIREAT', KEYS[1], deadline)
    redis.call('PEXPIREAT', KEYS[2], deadline)
    for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
      redis.call('PEXPIREAT', ARGV[9] .. id, deadline)
    end
  elseif placed then
    redis.call('PEXPIREAT', KEYS[3], redis.call('PEXPIRETIME', KEYS[2]))
  end
end
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  if staged then
    place()
    keepAlive(true)
    return {'deduplicated'}
  end
  local stored = redis.call('GET', KEYS[3])
  if stored == ARGV[2] then
    keepAlive(false)
    return {'deduplicated'}
  end
  if stored then return {'drifted'} end
  place()
  keepAlive(true)
  return {'restored'}
end
local items = tonumber(redis.call('HGET', KEYS[1], 'items') or '0')
local used = tonumber(redis.call('HGET', KEYS[1], 'bytes') or '0')
local size = tonumber(ARGV[4])
if items + 1 > tonumber(ARGV[5]) or used + size > tonumber(ARGV[6]) then
  return {'refused', items, used}
end
place()
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[1], 'items', items + 1, 'bytes', used + size)
keepAlive(true)
return {'stored', items + 1, used + size}
`);

/**
 * Removes a session whole, in one atomic step: every blob its index names, the index and the
 * counters. KEYS: usage, index. ARGV: the blob key prefix.
 */
export const REMOVE_SESSION = script(`
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  redis.call('UNLINK', ARGV[1] .. id)
end
redis.call('UNLINK', KEYS[1], KEYS[2])
return 1
`);
