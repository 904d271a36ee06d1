import {
  checkOptions,
  type NumberRule,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  refusedOption,
} from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';
import type { SpillOptions } from './types.js';

/** Defaults of `spill()`: previews of 8 KiB head and 4 KiB tail for content over 32 KiB. */
export const DEFAULT_SPILL_OPTIONS: Readonly<{
  thresholdBytes: number;
  headBytes: number;
  tailBytes: number;
  kind: string;
}> = Object.freeze({ thresholdBytes: 32_768, headBytes: 8_192, tailBytes: 4_096, kind: 'tool-output' });

/** Spill options after validation, with defaults applied. */
export interface ResolvedSpillOptions {
  thresholdBytes: number;
  headBytes: number;
  tailBytes: number;
  kind: string;
  mimeType: string | undefined;
}

/** A preview part's size: it may be 0 (a preview without head or tail). */
const PREVIEW_BYTES: NumberRule = { kind: 'number', min: 0, max: Number.MAX_SAFE_INTEGER, integer: true };

/** Every spill option and what it accepts; the kind and MIME type are checked with the write request. */
const SPILL_OPTIONS: OptionTable<SpillOptions> = {
  thresholdBytes: POSITIVE_SAFE_INTEGER,
  headBytes: PREVIEW_BYTES,
  tailBytes: PREVIEW_BYTES,
  kind: { kind: 'custom' },
  mimeType: { kind: 'custom' },
};

const OWNER = 'spill options';

/**
 * Validates spill options, each key by name (`threshold` for `thresholdBytes` would otherwise
 * leave the default in force without a word). The head and tail together must fit in the
 * threshold, so that a preview is never longer than the content it stands for.
 */
export function resolveSpillOptions(options: SpillOptions | undefined): ResolvedSpillOptions {
  if (options === undefined) return resolveSpillOptions({});
  checkOptions(OWNER, options, SPILL_OPTIONS, invalidOption);
  const thresholdBytes = options.thresholdBytes ?? DEFAULT_SPILL_OPTIONS.thresholdBytes;
  const headBytes =
    options.headBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.headBytes, Math.floor(thresholdBytes / 2));
  const tailBytes =
    options.tailBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.tailBytes, thresholdBytes - headBytes);
  if (headBytes + tailBytes > thresholdBytes) {
    throw invalidOption(
      refusedOption(
        OWNER,
        'headBytes + tailBytes',
        `at most thresholdBytes (${thresholdBytes}), so that a preview is shorter than what it replaces`,
        headBytes + tailBytes,
      ),
    );
  }
  return {
    thresholdBytes,
    headBytes,
    tailBytes,
    kind: options.kind ?? DEFAULT_SPILL_OPTIONS.kind,
    mimeType: options.mimeType,
  };
}
