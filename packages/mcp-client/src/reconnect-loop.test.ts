import { describe, expect, it } from 'vitest';
import { type ReconnectTarget, runReconnectLoop } from './reconnect-loop.js';

/** A target whose handshakes succeed and whose catalog listing loses the connection `losses` times. */
function flakyTarget(losses: number, giveUpReason?: string) {
  const phases: Array<[string, number | undefined]> = [];
  let readyCalls = 0;
  const target: ReconnectTarget = {
    isClosing: false,
    lastError: 'lost',
    get giveUpReason() {
      return giveUpReason;
    },
    report: (state, attempt) => phases.push([state, attempt]),
    open: async () => undefined,
    discard: async () => undefined,
    ready: async () => {
      readyCalls += 1;
      return readyCalls > losses;
    },
  };
  return { target, phases };
}

const policy = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 1 };
const noWait = async () => undefined;

describe('runReconnectLoop', () => {
  it('a connection lost again while its catalog is listed counts as a failed attempt, not a recovery', async () => {
    const { target, phases } = flakyTarget(1);
    await runReconnectLoop(policy, target, noWait);
    expect(phases).toEqual([
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['recovered', 2],
    ]);
  });

  it('ends with failed when every attempt is lost again, never resting on recovered', async () => {
    const { target, phases } = flakyTarget(10);
    await runReconnectLoop(policy, target, noWait);
    expect(phases.at(-1)).toEqual(['failed', 3]);
  });

  it('stops at once when the target says another attempt cannot help', async () => {
    const { target, phases } = flakyTarget(10, 'the listing is over the stdio limit');
    await runReconnectLoop(policy, target, noWait);
    expect(phases).toEqual([
      ['reconnecting', 1],
      ['failed', 1],
    ]);
  });

  it('ends without another report when the target is closed during an attempt (its failure is the close)', async () => {
    const { target, phases } = flakyTarget(0);
    const closing = target as { isClosing: boolean };
    target.open = async () => {
      closing.isClosing = true;
      throw new Error('transport closed');
    };
    await runReconnectLoop(policy, target, noWait);
    expect(phases).toEqual([['reconnecting', 1]]);
  });

  it('reports failed without an attempt when reconnecting is disabled', async () => {
    const { target, phases } = flakyTarget(0);
    await runReconnectLoop({ ...policy, maxAttempts: 0 }, target, noWait);
    expect(phases).toEqual([['failed', undefined]]);
  });
});
