// Benchmarks of @toolwright/langchain (not tests). Every figure is a ratio against a peer measured
// in the same run. Run with `pnpm bench` in this package (build its dependencies first).
import { toolCallOverhead } from './tool-call-overhead.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

console.log('@toolwright/langchain bench');
await toolCallOverhead();
