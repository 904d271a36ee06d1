import { readFileSync } from 'node:fs';
import { makeTempDir } from '@toolwright/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, SessionArtifactStore } from './index.js';
import { escapeForPreview } from './preview-escaping.js';
import { buildTextPreview } from './spill-preview.js';

function store(): SessionArtifactStore {
  return new SessionArtifactStore({
    root: makeTempDir('toolwright-artifacts-test'),
    namespace: 'tool-output',
    sessionId: 'spill',
  });
}

const MARKER =
  /\[… ([\d,]+) bytes omitted — full output stored as artifact ([0-9a-f]{64}) \(([^,]+), ([\d,]+) bytes\); read on with ReadArtifact \{"id":"\2","offset":(\d+)\}, or search it with ReadArtifact \{"id":"\2","pattern":"text to find"\} …\]\n/;

/** Splits a preview into head and tail: the head is everything before the line break that precedes the marker. */
function splitPreview(preview: string): { head: string; tail: string; match: RegExpExecArray } {
  const match = MARKER.exec(preview);
  if (match === null) throw new Error(`no marker line in ${JSON.stringify(preview.slice(0, 200))}`);
  const before = preview.slice(0, match.index);
  if (before !== '' && !before.endsWith('\n')) throw new Error('the marker does not start its own line');
  return { head: before.slice(0, -1), tail: preview.slice(match.index + match[0].length), match };
}

describe('spill', () => {
  it('returns content under the threshold unchanged and stores nothing', async () => {
    const artifacts = store();
    const result = await artifacts.spill('short output', { thresholdBytes: 100 });
    expect(result).toEqual({ spilled: false, preview: 'short output', omittedBytes: 0 });
    expect(await artifacts.list()).toEqual([]);
  });

  it('spills from one byte over the threshold (counted in UTF-8 bytes, not characters)', async () => {
    const artifacts = store();
    expect(
      (await artifacts.spill('é'.repeat(50), { thresholdBytes: 100, headBytes: 10, tailBytes: 10 })).spilled,
    ).toBe(false);
    const over = await artifacts.spill(`${'é'.repeat(50)}x`, {
      thresholdBytes: 100,
      headBytes: 10,
      tailBytes: 10,
    });
    expect(over.spilled).toBe(true);
    expect(over.artifact?.byteLength).toBe(101);
  });

  it('stores large output whole and returns head, marker and tail — never a silent cut', async () => {
    const artifacts = store();
    const lines = Array.from({ length: 5000 }, (_, index) => `line ${index}`);
    const content = `${lines.join('\n')}\n`;
    const result = await artifacts.spill(content, { thresholdBytes: 4096, headBytes: 1000, tailBytes: 500 });
    expect(result.spilled).toBe(true);
    const artifact = result.artifact as NonNullable<typeof result.artifact>;
    expect(readFileSync(artifact.path, 'utf8')).toBe(content);
    expect(artifact).toMatchObject({
      kind: 'tool-output',
      mimeType: 'text/plain',
      byteLength: content.length,
    });

    const { head, tail, match } = splitPreview(result.preview);
    const [, omitted, id, mimeType, total] = match;
    expect(id).toBe(artifact.id);
    expect(mimeType).toBe('text/plain');
    expect(total).toBe(content.length.toLocaleString('en-US'));
    expect(omitted).toBe(result.omittedBytes.toLocaleString('en-US'));
    expect(content.startsWith(head)).toBe(true);
    expect(content.endsWith(tail)).toBe(true);
    expect(head.endsWith('\n')).toBe(true);
    expect(tail.startsWith('line ')).toBe(true);
    expect(Buffer.byteLength(head) + Buffer.byteLength(tail) + result.omittedBytes).toBe(content.length);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(1000);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(500);
  });

  it('names the read-back tool the store was given, or no call at all with readBackTool: false', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const content = 'line\n'.repeat(2000);
    const options = { thresholdBytes: 1000, headBytes: 100, tailBytes: 100 };
    const custom = await new SessionArtifactStore({
      root,
      namespace: 'tool-output',
      sessionId: 'custom',
      readBackTool: 'open_artifact',
    }).spill(content, options);
    const id = custom.artifact?.id;
    expect(custom.preview).toContain(
      `(text/plain, 10,000 bytes); read on with open_artifact {"id":"${id}","offset":21}, or search it with open_artifact {"id":"${id}","pattern":"text to find"} …]`,
    );
    const none = await new SessionArtifactStore({
      root,
      namespace: 'tool-output',
      sessionId: 'none',
      readBackTool: false,
    }).spill(content, options);
    expect(none.preview).toContain(
      `[… 9,800 bytes omitted — full output stored as artifact ${id} (text/plain, 10,000 bytes) …]\n`,
    );
    expect(
      () => new SessionArtifactStore({ root, namespace: 'x', sessionId: 's', readBackTool: 'read it' }),
    ).toThrow(
      'SessionArtifactStore: readBackTool must be a tool name matching /^[A-Za-z0-9_-]{1,64}$/, or false; got string "read it".',
    );
  });

  it('cuts multi-byte text on character boundaries', async () => {
    const content = '漢字🙂'.repeat(2000);
    const result = await store().spill(content, { thresholdBytes: 1000, headBytes: 301, tailBytes: 299 });
    expect(result.preview).not.toContain('\uFFFD');
    const { head, tail } = splitPreview(result.preview);
    expect(content.startsWith(head)).toBe(true);
    expect(content.endsWith(tail)).toBe(true);
    expect(head.length).toBeGreaterThan(0);
  });

  it('stores binary bytes and previews them by a marker line only', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
    const result = await store().spill(bytes);
    expect(result.spilled).toBe(true);
    expect(result.omittedBytes).toBe(7);
    expect(result.artifact?.mimeType).toBe('application/octet-stream');
    expect(result.preview).toBe(
      `[binary output of 7 bytes not shown — stored as artifact ${result.artifact?.id} (application/octet-stream)]`,
    );
  });

  it('treats UTF-8 bytes under the threshold as text and returns them decoded', async () => {
    const result = await store().spill(new TextEncoder().encode('héllo'));
    expect(result).toEqual({ spilled: false, preview: 'héllo', omittedBytes: 0 });
  });

  it('rejects options whose head and tail exceed the threshold, naming them', async () => {
    const error = await store()
      .spill('x', { thresholdBytes: 10, headBytes: 8, tailBytes: 8 })
      .catch((caught: unknown) => caught);
    expect(ArtifactStoreError.isInstance(error)).toBe(true);
    expect((error as ArtifactStoreError).option).toBe('headBytes + tailBytes');
    expect((error as ArtifactStoreError).message).toContain('got integer 16');
  });

  it('stores text with NUL and other control characters byte-exact, and its preview carries none of them', async () => {
    const controls = 'nul\u0000 esc\u001b[2J bell\u0007 bare-cr\r del\u007f c1\u0085 tab\t crlf\r\n';
    const content = `${controls}${'filler line\n'.repeat(200)}${controls}`;
    const result = await store().spill(content, { thresholdBytes: 1000, headBytes: 300, tailBytes: 300 });
    const artifact = result.artifact as NonNullable<typeof result.artifact>;
    expect(readFileSync(artifact.path).equals(Buffer.from(content, 'utf8'))).toBe(true);
    expect(artifact.mimeType).toBe('text/plain');
    // Nothing a terminal or a log could act on: only newline, tab and the CR of a CRLF remain.
    const unsafe = [...result.preview.replace(/\r\n/g, '\n')].filter((character) => {
      const code = character.charCodeAt(0);
      return (code < 0x20 && character !== '\n' && character !== '\t') || (code >= 0x7f && code <= 0x9f);
    });
    expect(unsafe).toEqual([]);
    const escaped = 'nul\\u0000 esc\\u001b[2J bell\\u0007 bare-cr\\u000d del\\u007f c1\\u0085 tab\t crlf\r\n';
    expect(result.preview.startsWith(escaped)).toBe(true);
    expect(result.preview.endsWith(escaped)).toBe(true);
  });

  it('escapes control characters in content that is not spilled, too', async () => {
    const result = await store().spill('ok\u0000\u001b[31mred\n', { thresholdBytes: 100 });
    expect(result).toEqual({ spilled: false, preview: 'ok\\u0000\\u001b[31mred\n', omittedBytes: 0 });
  });

  it.each([
    ['a lone high surrogate', `${'x'.repeat(40_000)}\uD800tail`, 'U+D800 at index 40000'],
    ['a lone low surrogate', `head\uDC00${'x'.repeat(40_000)}`, 'U+DC00 at index 4'],
    ['a lone surrogate in short content', 'short \uDBFF', 'U+DBFF at index 6'],
  ])(
    'refuses a string with %s, naming its offset, instead of storing U+FFFD in its place',
    async (_, content, where) => {
      const artifacts = store();
      const error = await artifacts.spill(content).catch((caught: unknown) => caught);
      expect(ArtifactStoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'invalid_request', option: 'content' });
      expect((error as ArtifactStoreError).message).toContain(`lone surrogate ${where}`);
      expect(await artifacts.list()).toEqual([]);
    },
  );

  it('stores a string with a real U+FFFD and surrogate pairs byte-exact (not mistaken for a lone surrogate)', async () => {
    const content = `\uFFFD🙂${'y'.repeat(40_000)}\uFFFD🙂`;
    const result = await store().spill(content);
    expect(readFileSync(result.artifact?.path as string, 'utf8')).toBe(content);
  });

  it('property: the preview is a prefix, a marker and a suffix of the content, on character boundaries, accounting for every byte', () => {
    const description = {
      id: 'a'.repeat(64),
      mimeType: 'text/plain',
      byteLength: 0,
      readBackTool: 'ReadArtifact',
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'é', '漢', '🙂', '\n', ' '), minLength: 1, maxLength: 400 }),
        fc.nat(200),
        fc.nat(200),
        (content, headBytes, tailBytes) => {
          const bytes = Buffer.from(content);
          const { preview, omittedBytes } = buildTextPreview(bytes, headBytes, tailBytes, {
            ...description,
            byteLength: bytes.length,
          });
          const { head, tail, match } = splitPreview(preview);
          return (
            content.startsWith(head) &&
            content.endsWith(tail) &&
            Buffer.byteLength(head) <= headBytes &&
            Buffer.byteLength(tail) <= tailBytes &&
            Buffer.byteLength(head) + Buffer.byteLength(tail) + omittedBytes === bytes.length &&
            match[1] === omittedBytes.toLocaleString('en-US') &&
            !preview.includes('\uFFFD')
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: with control characters, head and tail are the escaped forms of a prefix and a suffix, and the preview carries no control character', () => {
    const description = {
      id: 'b'.repeat(64),
      mimeType: 'text/plain',
      byteLength: 0,
      readBackTool: 'ReadArtifact',
    };
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'é', '\n', '\t', '\r', '\u0000', '\u001b', '\u007f', '\u0085'),
          minLength: 1,
          maxLength: 200,
        }),
        fc.nat(100),
        fc.nat(100),
        (content, headBytes, tailBytes) => {
          const bytes = Buffer.from(content);
          const { preview } = buildTextPreview(bytes, headBytes, tailBytes, {
            ...description,
            byteLength: bytes.length,
          });
          const { head, tail } = splitPreview(preview);
          const prefixes = Array.from({ length: content.length + 1 }, (_, end) => content.slice(0, end));
          const suffixes = Array.from({ length: content.length + 1 }, (_, start) => content.slice(start));
          const withoutLayout = preview.replace(/\r\n/g, '').replace(/[\n\t]/g, '');
          return (
            prefixes.some((prefix) => escapeForPreview(prefix) === head) &&
            suffixes.some((suffix) => escapeForPreview(suffix) === tail) &&
            [...withoutLayout].every((character) => {
              const code = character.charCodeAt(0);
              return code >= 0x20 && (code < 0x7f || code > 0x9f);
            })
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
