import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import type { ArtifactLimits } from './options.js';
import type { LedgerState } from './session-ledger.js';

/**
 * Throws `too_many_items` or `session_quota_exceeded` unless one more artifact of `size` bytes
 * fits next to what the session holds and what writes in progress have reserved.
 */
export function checkQuota(
  state: LedgerState,
  limits: Readonly<ArtifactLimits>,
  size: number,
  kind: string,
): void {
  const { maxItems, maxSessionBytes } = limits;
  let reservedBytes = 0;
  for (const reservation of state.reservations) reservedBytes += reservation.bytes;
  const items = state.items + state.reservations.length;
  if (items + 1 > maxItems) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.TooManyItems,
      `Cannot store another artifact of kind "${kind}": the session holds ${items} of limits.maxItems (${maxItems}) ` +
        'artifacts, counting writes in progress. Remove artifacts (removeAll) or raise the limit.',
      { option: 'limits.maxItems' },
    );
  }
  const used = state.bytes + reservedBytes;
  if (used + size > maxSessionBytes) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.SessionQuotaExceeded,
      `Cannot store ${size} bytes of kind "${kind}": the session uses ${used} of limits.maxSessionBytes ` +
        `(${maxSessionBytes}) bytes, counting writes in progress; at most ${Math.max(0, maxSessionBytes - used)} ` +
        'more bytes fit. Remove artifacts (removeAll) or raise the limit.',
      { option: 'limits.maxSessionBytes' },
    );
  }
}
