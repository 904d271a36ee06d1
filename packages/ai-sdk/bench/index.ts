// Benchmarks of @toolwright/ai-sdk (not tests). Every figure is a ratio against a peer measured in
// the same run. Run with `pnpm bench` in this package (build its dependencies first).
//
// It runs with the `ai` the package resolves (6), then — on Node 22 or later, which ai 7 needs —
// again in a child process whose `ai` is the `ai-v7` dev alias (bench/ai-v7-hooks.mjs), so the
// target holds for both majors. On Node 20 it says the ai 7 run was left out, and why.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toolCallOverhead } from './tool-call-overhead.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

// Imported, not required: the hooks that make `ai` ai 7 apply to imports.
const aiVersion = (
  (await import('ai/package.json', { with: { type: 'json' } })) as { default: { version: string } }
).default.version;
const nodeMajor = Number(process.versions.node.split('.')[0]);
const underAi7 = process.env.TOOLWRIGHT_BENCH_AI_V7 === '1';

console.log(`@toolwright/ai-sdk bench (ai ${aiVersion}, Node ${process.versions.node})`);
await toolCallOverhead();

if (!underAi7 && nodeMajor >= 22) {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      fileURLToPath(new URL('./ai-v7-hooks.mjs', import.meta.url)),
      ...process.execArgv,
      fileURLToPath(import.meta.url),
    ],
    { stdio: 'inherit', env: { ...process.env, TOOLWRIGHT_BENCH_AI_V7: '1' } },
  );
  if (child.status !== 0) process.exitCode = child.status ?? 1;
} else if (!underAi7) {
  console.log(
    `ai 7: not run, it needs Node 22 and this is Node ${process.versions.node} (run \`pnpm bench\` with Node 22 or later for both majors)`,
  );
}
