import { describeErrorClassContract, loadSecondCopy } from '@toolwright/test-support';
import { brandErrorClass, ToolwrightError } from '@toolwright/utils';
import { describe } from 'vitest';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** The error class of another toolwright package: branded under its own key, as each package's is. */
class OtherPackageError extends ToolwrightError {
  static {
    brandErrorClass(OtherPackageError, 'toolwright.other-package.OtherPackageError');
  }
}

describe('RedisStoreError', () => {
  describeErrorClassContract({
    errorClass: RedisStoreError,
    loadSecondCopy: async () =>
      (
        await loadSecondCopy<typeof import('./redis-store-error.js')>(new URL('./', import.meta.url), [
          'redis-store-error.ts',
        ])
      ).RedisStoreError,
    codes: RedisStoreErrorCode,
    others: [new ToolwrightError('other', 'x'), new OtherPackageError('unavailable', 'x')],
  });
});
