/**
 * A writer process for the pid-reuse tests, meant to run as pid 1 of its own pid namespace (an
 * agent in a container). Its job comes as JSON in argv[2]: `large` starts one large artifact
 * and halts once its temporary file holds 1 MiB (the test SIGKILLs it there), `small` writes a
 * small one and prints the outcome as one JSON line on stdout.
 */
import { SessionArtifactStore } from '../index.js';
import { haltMidWrite } from './halt-mid-write.js';

interface Job {
  mode: 'large' | 'small';
  root: string;
  sessionId: string;
  size: number;
  lockTimeoutMs: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const store = new SessionArtifactStore({
  root: job.root,
  namespace: 'agent',
  sessionId: job.sessionId,
  limits: { maxItemBytes: job.size, maxSessionBytes: job.size * 4 },
  lockTimeoutMs: job.lockTimeoutMs,
});

async function run(): Promise<void> {
  if (job.mode === 'large') haltMidWrite(store.sessionDirectory, 1024 * 1024);
  const bytes = Buffer.alloc(job.size, job.mode === 'large' ? 0x4c : 0x53);
  try {
    const record = await store.write({ kind: job.mode, bytes, mimeType: 'application/octet-stream' });
    store.flush();
    console.log(JSON.stringify({ pid: process.pid, ok: true, id: record.id }));
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    console.log(JSON.stringify({ pid: process.pid, ok: false, code, message }));
  }
}

await run();
