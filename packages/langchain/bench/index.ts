// Benchmarks of @toolwright/langchain (not tests). Every figure is a ratio against a peer measured
// in the same run. Run with `pnpm bench` in this package (build its dependencies first).
import { toolCallOverhead } from './tool-call-overhead.js';

console.log('@toolwright/langchain bench');
await toolCallOverhead();
