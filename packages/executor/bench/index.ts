// Benchmarks of @toolwright/executor (not tests). Every figure is a ratio against a baseline or a
// physical limit measured in the same run. Run with `pnpm bench` in this package; the package
// comes from its built dist (as users run it), so build it first.
import { readOverhead } from './read-overhead.js';
import { streamingTurn } from './streaming-turn.js';
import { telemetryOverhead } from './telemetry-overhead.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

console.log('@toolwright/executor bench');
await readOverhead();
await streamingTurn();
await telemetryOverhead();
