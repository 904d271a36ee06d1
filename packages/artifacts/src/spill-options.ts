import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import {
  checkNumberOption,
  checkOptionNames,
  NON_NEGATIVE_SAFE_INTEGER,
  POSITIVE_SAFE_INTEGER,
} from './option-checks.js';
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

/** The spill option names, in the order messages list them. */
const SPILL_OPTION_NAMES: readonly (keyof SpillOptions)[] = [
  'thresholdBytes',
  'headBytes',
  'tailBytes',
  'kind',
  'mimeType',
];

const OWNER = 'spill options';

/**
 * Validates spill options, each key by name (`threshold` for `thresholdBytes` would otherwise
 * leave the default in force without a word). The head and tail together must fit in the
 * threshold, so that a preview is never longer than the content it stands for.
 */
export function resolveSpillOptions(options: SpillOptions | undefined): ResolvedSpillOptions {
  if (options === undefined) return resolveSpillOptions({});
  checkOptionNames(options, { owner: OWNER, prefix: '', known: SPILL_OPTION_NAMES });
  checkNumberOption(OWNER, 'thresholdBytes', options.thresholdBytes, POSITIVE_SAFE_INTEGER);
  checkNumberOption(OWNER, 'headBytes', options.headBytes, NON_NEGATIVE_SAFE_INTEGER);
  checkNumberOption(OWNER, 'tailBytes', options.tailBytes, NON_NEGATIVE_SAFE_INTEGER);
  const thresholdBytes = options.thresholdBytes ?? DEFAULT_SPILL_OPTIONS.thresholdBytes;
  const headBytes =
    options.headBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.headBytes, Math.floor(thresholdBytes / 2));
  const tailBytes =
    options.tailBytes ?? Math.min(DEFAULT_SPILL_OPTIONS.tailBytes, thresholdBytes - headBytes);
  if (headBytes + tailBytes > thresholdBytes) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.InvalidOption,
      `Invalid spill option headBytes + tailBytes: received ${headBytes + tailBytes}; expected at most ` +
        `thresholdBytes (${thresholdBytes}), so that a preview is shorter than what it replaces.`,
      { option: 'headBytes + tailBytes' },
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
