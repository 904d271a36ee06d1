import { LuaScript } from './lua-script.js';

/**
 * KEYS[1]: a session's record (a hash: `record` = the JSON of the record but `lastSeenAt`, and
 * `lastSeenAt`). ARGV: the time seen, the idle timeout in ms. Sets `lastSeenAt` and restarts the
 * expiry only when the record is there: a touch never brings an expired session back as a
 * half-empty hash. Returns 1 when touched, 0 when there was nothing to touch.
 */
export const TOUCH_SESSION = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);
