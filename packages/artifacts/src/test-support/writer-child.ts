/**
 * A separate process writing into sessions, for the cross-process tests. It reads its job from
 * argv[2] (JSON), reports `ready` over IPC, waits for `go`, then either writes `count` distinct
 * artifacts into every target session at once (`quota`) or one large artifact into the first
 * (`large`), and reports what happened per target. A `large` writer halts once its temporary
 * file holds `haltAt` bytes, for the test to kill it there.
 */
import { SessionArtifactStore } from '../index.js';
import { haltMidWrite } from './halt-mid-write.js';

interface Target {
  sessionId: string;
  limits: { maxItemBytes?: number; maxItems?: number; maxSessionBytes?: number };
}

interface Job {
  mode: 'quota' | 'large';
  root: string;
  targets: Target[];
  count: number;
  size: number;
  seed: number;
  haltAt?: number;
  lockTimeoutMs?: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const stores = job.targets.map(
  (target) =>
    new SessionArtifactStore({
      root: job.root,
      namespace: 'mcp',
      sessionId: target.sessionId,
      limits: target.limits,
      lockTimeoutMs: job.lockTimeoutMs,
    }),
);

function contentOf(index: number): Buffer {
  const bytes = Buffer.alloc(job.size, job.seed & 0xff);
  bytes.writeUInt32LE(job.seed, 0);
  bytes.writeUInt32LE(index, 4);
  return bytes;
}

async function run(): Promise<void> {
  if (job.mode === 'large') {
    if (job.haltAt !== undefined && stores[0] !== undefined)
      haltMidWrite(stores[0].sessionDirectory, job.haltAt);
    await stores[0]?.write({ kind: 'large', bytes: contentOf(0), mimeType: 'application/octet-stream' });
    process.send?.({ type: 'done', targets: [{ stored: 1, rejected: [] }] });
    return;
  }
  const perTarget = await Promise.all(
    stores.map((store) =>
      Promise.allSettled(
        Array.from({ length: job.count }, (_, index) =>
          store.write({ kind: 'quota', bytes: contentOf(index) }),
        ),
      ),
    ),
  );
  const targets = perTarget.map((results) => {
    const rejected = results.flatMap((result) =>
      result.status === 'rejected' ? [String((result.reason as { code?: unknown }).code)] : [],
    );
    return { stored: results.length - rejected.length, rejected };
  });
  process.send?.({ type: 'done', targets });
}

process.on('message', (message) => {
  if (message === 'go') {
    run().then(
      () => process.disconnect?.(),
      (error: unknown) => {
        process.send?.({ type: 'failed', error: String(error) });
        process.disconnect?.();
      },
    );
  }
});
process.send?.({ type: 'ready' });
