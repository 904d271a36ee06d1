import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { describeValue, isPositiveSafeInteger } from './options.js';
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

function invalidSpillOption(option: string, received: unknown, accepted: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.InvalidOption,
    `Invalid spill option ${option}: received ${describeValue(received)}; expected ${accepted}.`,
    { option },
  );
}

function isByteCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Validates spill options. The head and tail together must fit in the threshold, so that a
 * preview is never longer than the content it stands for.
 */
export function resolveSpillOptions(options: SpillOptions | undefined): ResolvedSpillOptions {
  const given = options ?? {};
  if (typeof given !== 'object' || given === null) {
    throw invalidSpillOption('options', given, 'an object or undefined');
  }
  const thresholdBytes = given.thresholdBytes ?? DEFAULT_SPILL_OPTIONS.thresholdBytes;
  const headBytes =
    given.headBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.headBytes, Math.floor(thresholdBytes / 2));
  const tailBytes = given.tailBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.tailBytes, thresholdBytes - headBytes);
  if (!isPositiveSafeInteger(thresholdBytes)) {
    throw invalidSpillOption('thresholdBytes', thresholdBytes, 'a positive safe integer');
  }
  if (!isByteCount(headBytes))
    throw invalidSpillOption('headBytes', headBytes, 'a non-negative safe integer');
  if (!isByteCount(tailBytes))
    throw invalidSpillOption('tailBytes', tailBytes, 'a non-negative safe integer');
  if (headBytes + tailBytes > thresholdBytes) {
    throw invalidSpillOption(
      'headBytes + tailBytes',
      headBytes + tailBytes,
      `at most thresholdBytes (${thresholdBytes}), so that a preview is shorter than what it replaces`,
    );
  }
  return {
    thresholdBytes,
    headBytes,
    tailBytes,
    kind: given.kind ?? DEFAULT_SPILL_OPTIONS.kind,
    mimeType: given.mimeType,
  };
}
