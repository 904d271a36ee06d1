import { describe, expect, it } from 'vitest';
import type { PendingApprovalV1 } from './approval-store-v1.js';
import { asApprovalStoreV1 } from './as-approval-store-v1.js';

const ACCEPTED_BY = '@toolwright/example 0.x';

/** A host's store written as a class with private state and no version field. */
class UnversionedMemoryStore {
  readonly #records = new Map<string, PendingApprovalV1>();

  async get(id: string) {
    return this.#records.get(id);
  }
  async put(record: PendingApprovalV1) {
    this.#records.set(record.id, record);
  }
  async delete(id: string) {
    return this.#records.delete(id);
  }
  async list() {
    return [...this.#records.values()];
  }
}

const record = { specificationVersion: 'v1', id: 'a'.repeat(32) } as PendingApprovalV1;

describe('asApprovalStoreV1', () => {
  it('takes a v1 store as it is, and wraps one without a version so its methods still reach it', async () => {
    const versioned = Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v1' as const });
    const taken = asApprovalStoreV1(versioned, ACCEPTED_BY);
    expect(taken.ok && taken.value).toBe(versioned);
    const wrapped = asApprovalStoreV1(new UnversionedMemoryStore(), ACCEPTED_BY);
    if (!wrapped.ok) throw new Error(wrapped.message);
    expect(wrapped.value.specificationVersion).toBe('v1');
    expect(Object.isFrozen(wrapped.value)).toBe(true);
    await wrapped.value.put(record);
    expect(await wrapped.value.get(record.id)).toBe(record);
    expect(await wrapped.value.list()).toEqual([record]);
    expect(await wrapped.value.delete(record.id)).toBe(true);
    expect(await wrapped.value.delete(record.id)).toBe(false);
  });

  it('refuses another version by name, and an object without the four methods naming the missing ones', () => {
    const later = asApprovalStoreV1(
      Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v2' }),
      ACCEPTED_BY,
    );
    expect(later).toMatchObject({ ok: false, code: 'unsupported_specification_version' });
    expect(!later.ok && later.message).toContain('v2');
    expect(!later.ok && later.message).toContain(ACCEPTED_BY);
    const partial = asApprovalStoreV1({ get: async () => undefined, put: async () => {} }, ACCEPTED_BY);
    expect(partial).toMatchObject({
      ok: false,
      code: 'not_an_implementation',
      message:
        'this ApprovalStore has no delete or list function; expected an object with get, put, delete, list functions',
    });
    expect(asApprovalStoreV1('redis://x', ACCEPTED_BY)).toMatchObject({
      ok: false,
      message:
        'expected an ApprovalStore (an object with get, put, delete, list functions), got string "redis://x"',
    });
  });
});
