import { describe, expect, it } from 'vitest';
import type { ArtifactReference } from './artifact-reference.js';
import type { ArtifactWriteRequest, SpillOptions, SpillResult } from './artifact-sink-v1.js';
import { asArtifactSinkV1, asArtifactStoreV1 } from './as-artifact-sink-v1.js';

const ACCEPTED_BY = '@toolwright/example 0.x';

/**
 * A store written as a class with private state and no version field, as a host's store from
 * before the field: its methods only work when called on the instance itself.
 */
class UnversionedMemoryStore {
  readonly #items = new Map<string, Uint8Array>();
  readonly calls: string[] = [];

  async write(request: ArtifactWriteRequest): Promise<ArtifactReference> {
    this.calls.push(`write ${request.kind}`);
    const bytes = typeof request.bytes === 'string' ? new TextEncoder().encode(request.bytes) : request.bytes;
    const id = `id${this.#items.size}`;
    this.#items.set(id, bytes);
    return { id, kind: request.kind, byteLength: bytes.byteLength };
  }

  async spill(content: string | Uint8Array, options?: SpillOptions): Promise<SpillResult> {
    this.calls.push(`spill ${options?.thresholdBytes}`);
    const artifact = await this.write({ kind: 'tool-output', bytes: content });
    return { spilled: true, preview: 'head…tail', artifact, omittedBytes: artifact.byteLength };
  }

  async read(id: string): Promise<{ record: ArtifactReference; bytes: Uint8Array }> {
    this.calls.push(`read ${id}`);
    const bytes = this.#items.get(id);
    if (bytes === undefined) throw new Error(`no artifact ${id}`);
    return { record: { id, kind: 'tool-output', byteLength: bytes.byteLength }, bytes };
  }
}

describe('asArtifactSinkV1', () => {
  it('takes a v1 sink as it is (the same object)', () => {
    const sink = Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v1' as const });
    const adaptation = asArtifactSinkV1(sink, ACCEPTED_BY);
    expect(adaptation).toEqual({ ok: true, value: sink });
    expect(adaptation.ok && adaptation.value).toBe(sink);
  });

  it('wraps a sink that says no version as v1, calling its own methods on itself', async () => {
    const store = new UnversionedMemoryStore();
    const adaptation = asArtifactSinkV1(store, ACCEPTED_BY);
    if (!adaptation.ok) throw new Error(adaptation.message);
    const sink = adaptation.value;
    expect(sink).not.toBe(store);
    expect(sink.specificationVersion).toBe('v1');
    expect(Object.isFrozen(sink)).toBe(true);
    expect(await sink.write({ kind: 'image', bytes: 'abc' })).toEqual({
      id: 'id0',
      kind: 'image',
      byteLength: 3,
    });
    expect(await sink.spill('x'.repeat(10), { thresholdBytes: 4 })).toMatchObject({
      spilled: true,
      artifact: { id: 'id1', byteLength: 10 },
    });
    expect(store.calls).toEqual(['write image', 'spill 4', 'write tool-output']);
  });

  it('refuses another version by name, with unsupported_specification_version', () => {
    const sink = Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v2' });
    expect(asArtifactSinkV1(sink, ACCEPTED_BY)).toEqual({
      ok: false,
      code: 'unsupported_specification_version',
      message: "this ArtifactSink says specificationVersion 'v2'; @toolwright/example 0.x accepts 'v1'",
    });
    expect(asArtifactSinkV1({ specificationVersion: 2 }, ACCEPTED_BY)).toMatchObject({
      ok: false,
      code: 'unsupported_specification_version',
      message: "this ArtifactSink says specificationVersion integer 2; @toolwright/example 0.x accepts 'v1'",
    });
  });

  it('refuses what is no sink in any version, naming what is missing', () => {
    expect(asArtifactSinkV1({ write: async () => ({}) }, ACCEPTED_BY)).toEqual({
      ok: false,
      code: 'not_an_implementation',
      message: 'this ArtifactSink has no spill function; expected an object with write, spill functions',
    });
    expect(asArtifactSinkV1({ specificationVersion: 'v1', spill: 'no' }, ACCEPTED_BY)).toMatchObject({
      code: 'not_an_implementation',
      message:
        'this ArtifactSink has no write or spill function; expected an object with write, spill functions',
    });
    expect(asArtifactSinkV1(null, ACCEPTED_BY)).toEqual({
      ok: false,
      code: 'not_an_implementation',
      message: 'expected an ArtifactSink (an object with write, spill functions), got null',
    });
  });
});

describe('asArtifactStoreV1', () => {
  it('wraps a store that says no version as v1, read included', async () => {
    const store = new UnversionedMemoryStore();
    const adaptation = asArtifactStoreV1(store, ACCEPTED_BY);
    if (!adaptation.ok) throw new Error(adaptation.message);
    const { id } = await adaptation.value.write({ kind: 'image', bytes: new Uint8Array([1, 2]) });
    expect(await adaptation.value.read(id)).toEqual({
      record: { id: 'id0', kind: 'tool-output', byteLength: 2 },
      bytes: new Uint8Array([1, 2]),
    });
    expect(store.calls).toEqual(['write image', 'read id0']);
  });

  it('asks for read as well as write and spill', () => {
    const sink = { specificationVersion: 'v1', write: async () => ({}), spill: async () => ({}) };
    expect(asArtifactSinkV1(sink, ACCEPTED_BY).ok).toBe(true);
    expect(asArtifactStoreV1(sink, ACCEPTED_BY)).toEqual({
      ok: false,
      code: 'not_an_implementation',
      message:
        'this ArtifactStore has no read function; expected an object with write, spill, read functions',
    });
  });

  it('refuses another version of the store by name', () => {
    const store = Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v3' });
    expect(asArtifactStoreV1(store, ACCEPTED_BY)).toMatchObject({
      code: 'unsupported_specification_version',
      message: "this ArtifactStore says specificationVersion 'v3'; @toolwright/example 0.x accepts 'v1'",
    });
  });
});
