import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import type { ArtifactLimits } from './options.js';
import type { LedgerState } from './session-ledger.js';

/** What a session holds when a write asks for room: artifacts and their bytes. */
export interface SessionUsage {
  /** Artifacts stored (and, for a store that reserves room first, writes in progress). */
  readonly items: number;
  /** Their bytes. */
  readonly bytes: number;
}

/** Throws `item_too_large` unless one artifact of `size` bytes is within `limits.maxItemBytes`. */
export function checkItemSize(limits: Readonly<ArtifactLimits>, size: number, kind: string): void {
  const { maxItemBytes } = limits;
  if (size > maxItemBytes) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.ItemTooLarge,
      `Artifact of kind "${kind}" is ${size} bytes, over limits.maxItemBytes (${maxItemBytes} bytes). ` +
        `Store at most ${maxItemBytes} bytes per artifact, or raise the limit.`,
      { option: 'limits.maxItemBytes' },
    );
  }
}

/**
 * Throws `too_many_items` or `session_quota_exceeded` unless one more artifact of `size` bytes
 * fits next to `usage`. Every artifact store of toolwright refuses with these words, so a host
 * (or a model reading the error) sees one refusal whichever store it runs on.
 */
export function checkSessionQuota(
  usage: SessionUsage,
  limits: Readonly<ArtifactLimits>,
  size: number,
  kind: string,
  counted = '',
): void {
  const { maxItems, maxSessionBytes } = limits;
  if (usage.items + 1 > maxItems) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.TooManyItems,
      `Cannot store another artifact of kind "${kind}": the session holds ${usage.items} of limits.maxItems (${maxItems}) ` +
        `artifacts${counted}. Remove artifacts (removeAll) or raise the limit.`,
      { option: 'limits.maxItems' },
    );
  }
  if (usage.bytes + size > maxSessionBytes) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.SessionQuotaExceeded,
      `Cannot store ${size} bytes of kind "${kind}": the session uses ${usage.bytes} of limits.maxSessionBytes ` +
        `(${maxSessionBytes}) bytes${counted}; at most ${Math.max(0, maxSessionBytes - usage.bytes)} ` +
        'more bytes fit. Remove artifacts (removeAll) or raise the limit.',
      { option: 'limits.maxSessionBytes' },
    );
  }
}

/**
 * {@link checkSessionQuota} for this store's ledger: what the session holds plus what writes in
 * progress have reserved.
 */
export function checkQuota(
  state: LedgerState,
  limits: Readonly<ArtifactLimits>,
  size: number,
  kind: string,
): void {
  let reservedBytes = 0;
  for (const reservation of state.reservations) reservedBytes += reservation.bytes;
  checkSessionQuota(
    { items: state.items + state.reservations.length, bytes: state.bytes + reservedBytes },
    limits,
    size,
    kind,
    ', counting writes in progress',
  );
}
