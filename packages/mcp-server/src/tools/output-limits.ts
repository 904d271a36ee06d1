import type { NumberRule, OptionTable } from '@toolwright/utils';

/** How tool output is shaped for the client. */
export interface McpOutputLimits {
  /**
   * An image or audio artifact up to this many bytes is sent inline (`image` / `audio`
   * content); a larger one as a `resource_link`. Default 256 KiB (the adapter's inline limit).
   */
  readonly inlineMediaMaxBytes?: number;
  /**
   * A text artifact that came from a resource (its `sourceUri`) up to this many bytes is sent as
   * an embedded `resource` under that URI; a larger one as a `resource_link`. Default 32 KiB.
   */
  readonly embeddedTextMaxBytes?: number;
  /**
   * Text over this many bytes (UTF-8) is stored as an artifact and sent as a head-and-tail
   * preview plus a `resource_link`, when the server has an artifact store. Default 32 KiB.
   */
  readonly spillThresholdBytes?: number;
}

/** {@link McpOutputLimits} with every default applied. */
export type ResolvedOutputLimits = Required<McpOutputLimits>;

/** The defaults of {@link McpOutputLimits}. */
export const DEFAULT_OUTPUT_LIMITS: ResolvedOutputLimits = Object.freeze({
  inlineMediaMaxBytes: 256 * 1024,
  embeddedTextMaxBytes: 32 * 1024,
  spillThresholdBytes: 32 * 1024,
});

const BYTE_COUNT: NumberRule = { kind: 'number', min: 0, integer: true };

/** What each of {@link McpOutputLimits} accepts. */
export const OUTPUT_LIMIT_OPTIONS: OptionTable<McpOutputLimits> = {
  inlineMediaMaxBytes: BYTE_COUNT,
  embeddedTextMaxBytes: BYTE_COUNT,
  spillThresholdBytes: BYTE_COUNT,
};
