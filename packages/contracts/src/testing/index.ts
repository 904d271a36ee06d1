export {
  assertToolConformance,
  type ConformanceOptions,
  type ConformanceReport,
  checkToolConformance,
} from './assert-tool-conformance.js';
export { type ConformanceFailure, ToolConformanceError } from './conformance-error.js';
export { createTestExecutionContext } from './create-test-context.js';
export { sampleInput } from './sample-input.js';
