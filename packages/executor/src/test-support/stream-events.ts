import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@toolwright/test-support';
import type { ToolCallStreamEvent } from '../streaming/tool-call-stream-event.js';

/** One scripted step of a provider stream: an event, sent after a delay. */
export interface ScriptedStreamStep {
  readonly afterMs: number;
  readonly event: ToolCallStreamEvent;
  /**
   * Sent only once this holds (checked after `afterMs`): a test that asserts an order ("started
   * before the message ended") makes the order a condition of the stream instead of a race with
   * the clock. A step whose condition never holds leaves the stream waiting, and the test fails
   * on its timeout.
   */
  readonly until?: () => boolean;
}

/** A call streamed whole: start, its argument JSON in `chunks` pieces, end — each piece after `gapMs`. */
export function streamedCall(
  callId: string,
  toolName: string,
  args: unknown,
  options: { chunks?: number; gapMs?: number } = {},
): ScriptedStreamStep[] {
  const text = JSON.stringify(args);
  const chunks = options.chunks ?? 3;
  const size = Math.ceil(text.length / chunks);
  const gap = options.gapMs ?? 0;
  const steps: ScriptedStreamStep[] = [
    { afterMs: gap, event: { type: 'tool-call-start', callId, toolName } },
  ];
  for (let offset = 0; offset < text.length; offset += size) {
    steps.push({
      afterMs: gap,
      event: { type: 'tool-call-delta', callId, argumentsDelta: text.slice(offset, offset + size) },
    });
  }
  steps.push({ afterMs: gap, event: { type: 'tool-call-end', callId } });
  return steps;
}

/**
 * Plays the steps as a real async stream, with real delays, recording when each event was
 * handed out (`sentAt`, ms since `origin`). `failAfter` makes the stream throw after that many
 * steps; the stream honours `signal` like an SDK stream does (it stops reading).
 */
export async function* playStream(
  steps: readonly ScriptedStreamStep[],
  options: { origin?: number; sentAt?: number[]; failAfter?: number; signal?: AbortSignal } = {},
): AsyncGenerator<ToolCallStreamEvent> {
  for (const [index, step] of steps.entries()) {
    if (options.failAfter === index) throw new Error('connection reset by peer');
    if (step.afterMs > 0)
      await sleep(step.afterMs, undefined, options.signal === undefined ? {} : { signal: options.signal });
    if (step.until !== undefined) await waitFor(step.until);
    options.sentAt?.push(performance.now() - (options.origin ?? 0));
    yield step.event;
  }
}
