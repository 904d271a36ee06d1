import { createHash } from 'node:crypto';
import { ErrorReply } from '@redis/client';
import type { runOnConnection } from './redis-connection.js';

/** The node-redis client the stores drive, as `runOnConnection` hands it to them. */
export type RedisClient = Parameters<Parameters<typeof runOnConnection>[2]>[0];

/**
 * A Lua script the stores run where several commands must be one step (a write and the trimming
 * it causes; a check and the read it allows): Redis runs a script whole, with nothing of another
 * client in between. Sent by its SHA-1, and in full when Redis does not know it (first use, or
 * after a restart emptied the script cache).
 */
export class LuaScript {
  readonly #source: string;
  readonly #sha: string;

  constructor(source: string) {
    this.#source = source;
    this.#sha = createHash('sha1').update(source).digest('hex');
  }

  async run(client: RedisClient, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const options = { keys: [...keys], arguments: [...args] };
    try {
      return await client.evalSha(this.#sha, options);
    } catch (error) {
      if (!(error instanceof ErrorReply) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.#source, options);
    }
  }
}
