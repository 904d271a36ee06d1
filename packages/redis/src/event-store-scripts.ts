import { LuaScript } from './lua-script.js';

// The event store's keys, per scope: KEYS[1] the log (a Redis Stream whose entry ids are the
// store's sequence numbers, `<sequence>-0`, each entry's fields s = stream id, m = message JSON,
// n = bytes counted), KEYS[2] a hash (seq: the last sequence given; bytes: what the log holds;
// forgotten: see below), KEYS[3] a sorted set of loss markers (member: a stream id; score: the
// highest sequence of that stream dropped). Each script is one step: no other client's command
// runs between the write and the trimming it causes, or between a resume's check and its read.

/** Reads an entry's flat field list (`{f1, v1, f2, v2, ...}`) into a table. */
const FIELDS = `
local function fieldsOf(flat)
  local fields = {}
  for i = 1, #flat, 2 do fields[flat[i]] = flat[i + 1] end
  return fields
end
`;

/**
 * Records that `streamId` lost the event numbered `sequence`. Markers are few (ARGV bound): past
 * it the marker with the lowest sequence is forgotten, and every stream without a marker counts
 * as having lost everything up to the highest forgotten one (`forgotten`), so a resume is
 * refused rather than silently incomplete.
 */
const MARK_LOST = `
local function markLost(streamId, sequence, maxMarkers)
  local through = tonumber(redis.call('ZSCORE', KEYS[3], streamId))
  if through == nil or through < sequence then
    redis.call('ZADD', KEYS[3], string.format('%d', sequence), streamId)
  end
  if redis.call('ZCARD', KEYS[3]) > maxMarkers then
    local first = redis.call('ZPOPMIN', KEYS[3])
    local forgotten = tonumber(redis.call('HGET', KEYS[2], 'forgotten') or '0')
    if tonumber(first[2]) > forgotten then redis.call('HSET', KEYS[2], 'forgotten', first[2]) end
  end
end
`;

/**
 * Sequences start at Redis's clock in microseconds when a scope's keys are made: after Redis
 * lost them (a restart without persistence, the keys' expiry) new ids sort after every old one
 * and never repeat one, and an old id falls before `since`, so its resume is refused as gone
 * instead of replaying the new events as if nothing had been lost between.
 *
 * ARGV: stream id, message JSON, max bytes, max events, time to live (ms), max loss markers.
 * Numbers the event, keeps it (one larger than the byte bound is only marked lost), drops the
 * oldest events of the scope until both bounds hold, marking each drop, and refreshes every key's
 * time to live. Returns the event id: `<stream id>_<sequence, 16 digits>` (see mcp-event-id.ts).
 * Sizes are Lua string lengths: bytes of the UTF-8 JSON and of the id.
 */
export const STORE_EVENT = new LuaScript(`${FIELDS}${MARK_LOST}
local streamId, json = ARGV[1], ARGV[2]
local maxBytes, maxEvents, maxMarkers = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[6])
if redis.call('HEXISTS', KEYS[2], 'seq') == 0 then
  local now = redis.call('TIME')
  local start = string.format('%d', tonumber(now[1]) * 1000000 + tonumber(now[2]))
  redis.call('HSET', KEYS[2], 'seq', start, 'since', start)
end
local sequence = redis.call('HINCRBY', KEYS[2], 'seq', 1)
local id = string.format('%s_%016d', streamId, sequence)
local size = #json + #id
if size > maxBytes then
  markLost(streamId, sequence, maxMarkers)
else
  redis.call('XADD', KEYS[1], string.format('%d-0', sequence), 's', streamId, 'm', json, 'n', size)
  local bytes = redis.call('HINCRBY', KEYS[2], 'bytes', size)
  local count = redis.call('XLEN', KEYS[1])
  while bytes > maxBytes or count > maxEvents do
    local oldest = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
    local fields = fieldsOf(oldest[2])
    redis.call('XDEL', KEYS[1], oldest[1])
    bytes = bytes - tonumber(fields.n)
    count = count - 1
    markLost(fields.s, tonumber(string.match(oldest[1], '^(%d+)')), maxMarkers)
  end
  redis.call('HSET', KEYS[2], 'bytes', bytes)
end
-- One absolute deadline for the three keys (a relative PEXPIRE reads the clock at each call).
local clock = redis.call('TIME')
local deadline = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) + tonumber(ARGV[5])
for i = 1, 3 do redis.call('PEXPIREAT', KEYS[i], deadline) end
return id
`);

/**
 * ARGV: stream id, sequence of the last event the client has, 'check' or 'read'. Returns
 * `{'gone'}` when the id is of no event of these keys (they were lost or expired since, or the
 * id was never given),
 * `{'dropped'}` when an event of the stream after it was dropped, else `{'ok'}` followed, for
 * 'read', by the id and message JSON of each kept event of the stream after it, in order.
 */
export const REPLAY_EVENTS = new LuaScript(`${FIELDS}
local streamId, after = ARGV[1], tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[2], 'since', 'seq')
if not held[1] or after < tonumber(held[1]) or after > tonumber(held[2]) then return {'gone'} end
local lostThrough = tonumber(redis.call('ZSCORE', KEYS[3], streamId))
  or tonumber(redis.call('HGET', KEYS[2], 'forgotten') or '0')
if lostThrough > after then return {'dropped'} end
local reply = {'ok'}
if ARGV[3] ~= 'read' then return reply end
for _, entry in ipairs(redis.call('XRANGE', KEYS[1], string.format('(%d-0', after), '+')) do
  local fields = fieldsOf(entry[2])
  if fields.s == streamId then
    local sequence = tonumber(string.match(entry[1], '^(%d+)'))
    reply[#reply + 1] = string.format('%s_%016d', streamId, sequence)
    reply[#reply + 1] = fields.m
  end
end
return reply
`);
