/**
 * `@toolwright/utils`: the small helpers every toolwright package shares, so that there is one
 * did-you-mean (bounded), one option checker with one wording, one canonical JSON (and the
 * idempotency key of a tool call made from it), one value preview, one bounded event queue,
 * one rule for the characters untrusted text may not carry to a terminal, the one secret
 * registry and redaction every message and telemetry value passes through, the telemetry options
 * every component takes (OpenTelemetry itself is behind `./telemetry`), and the root of
 * every toolwright error with the one helper that brands an error class. No dependencies.
 *
 * @packageDocumentation
 */

export { BoundedQueue, type Drained, KeyedBoundedQueue } from './bounded-queue.js';
export { canonicalJson } from './canonical-json.js';
export {
  checkOption,
  checkOptions,
  describeAcceptedOption,
  findOptionProblem,
  findOptionsProblem,
  type OptionErrorFactory,
  type OptionProblem,
  refusedOption,
} from './check-options.js';
export { boundedEditDistance, closestName, didYouMean, MAX_SUGGESTED_NAME_LENGTH } from './closest-name.js';
export { type DeferredToolState, isNotLoaded } from './deferred-tool-state.js';
export { brandErrorClass, type ErrorBrandOptions, type ErrorClassGuard } from './error-brand.js';
export { IDEMPOTENCY_KEY_META, idempotencyKey } from './idempotency-key.js';
export { describeNumberProblem, describeOptionProblem, type NumberRange } from './option-names.js';
export {
  type ArrayRule,
  type BooleanRule,
  type CustomRule,
  type FunctionRule,
  MAX_TIMER_MS,
  type NumberRule,
  type ObjectRule,
  type OneOfRule,
  type OptionRule,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  POSITIVE_TIMER_MS,
  type StringRule,
  TIMER_MS,
} from './option-rules.js';
export { DEFAULT_PREVIEW_LENGTH, previewText, previewValue } from './preview.js';
export { describeRenamedOptionProblem, renamedOptionValue } from './renamed-option.js';
export {
  REDACTED,
  redactErrorChain,
  redactSecrets,
  rememberNamedSecrets,
  rememberSecret,
} from './secret-redaction.js';
export { isSessionId, MAX_SESSION_ID_LENGTH, SESSION_ID_PATTERN, SESSION_ID_RULE } from './session-id.js';
export {
  describeSpecificationVersionProblem,
  UNSUPPORTED_SPECIFICATION_VERSION,
} from './specification-version.js';
export {
  DEFAULT_TELEMETRY_CONTENT_CHARS,
  type TelemetryContentOptions,
  telemetryContent,
} from './telemetry/telemetry-content.js';
export { telemetryErrorType } from './telemetry/telemetry-error-type.js';
export {
  type ResolvedTelemetry,
  resolveTelemetryOptions,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
} from './telemetry/telemetry-options.js';
export {
  escapeHiddenCharacters,
  hasHiddenCharacters,
  isHiddenCodePoint,
  stripHiddenCharacters,
} from './terminal-text.js';
export { ToolwrightError, type ToolwrightErrorOptions } from './toolwright-error.js';
