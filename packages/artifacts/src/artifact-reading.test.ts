import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import {
  ArtifactStoreError,
  READ_ARTIFACT_TOOL_NAME,
  readArtifactLines,
  SessionArtifactStore,
  searchArtifact,
} from './index.js';

function storeOf(root: string, sessionId: string): SessionArtifactStore {
  return new SessionArtifactStore({ root, namespace: 'tool-output', sessionId });
}

const LOG = `${Array.from({ length: 3000 }, (_, index) => `step ${index + 1}: ${index % 250 === 0 ? 'ERROR disk' : 'ok'}`).join('\n')}\n`;

async function rejection(promise: Promise<unknown>): Promise<ArtifactStoreError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ArtifactStoreError.isInstance(error))
    throw new Error(`expected an ArtifactStoreError, got ${String(error)}`);
  return error;
}

describe('reading artifacts back', () => {
  it('follows the spill marker: the call it names reads on from the first omitted line', async () => {
    const store = storeOf(makeTempDir('toolwright-artifacts-reading'), 'reader');
    const spill = await store.spill(LOG, { thresholdBytes: 4096, headBytes: 1000, tailBytes: 500 });
    const marker = spill.preview.split('\n').find((line) => line.startsWith('[…')) as string;
    const call = new RegExp(`read on with ${READ_ARTIFACT_TOOL_NAME} (\\{[^}]*\\})`).exec(marker);
    const args = JSON.parse(call?.[1] ?? 'null') as { id: string; offset: number };
    expect(args.id).toBe(spill.artifact?.id);

    // The head is everything before the line break that precedes the marker; here it ends on a
    // line boundary, so the call starts exactly at the first line the preview does not show.
    const head = spill.preview.slice(0, spill.preview.indexOf('\n[…'));
    expect(head.endsWith('\n')).toBe(true);
    const shownLines = head.split('\n').length - 1;
    expect(head.split('\n')[shownLines - 1]).toBe(`step ${shownLines}: ok`);
    expect(args.offset).toBe(shownLines + 1);
    const page = await readArtifactLines(store, args.id, { offset: args.offset, limit: 3 });
    expect(page.lines.map((line) => line.line)).toEqual([args.offset, args.offset + 1, args.offset + 2]);
    expect(page.lines[0]?.text).toBe(`step ${args.offset}: ok`);
    expect(page.totalLines).toBe(3000);
    expect(page.nextOffset).toBe(args.offset + 3);
    expect(page.text.split('\n')).toEqual([
      `    ${args.offset}\tstep ${args.offset}: ok`,
      `    ${args.offset + 1}\tstep ${args.offset + 1}: ok`,
      `    ${args.offset + 2}\tstep ${args.offset + 2}: ok`,
      `… ${(3000 - args.offset - 2).toLocaleString('en-US')} more lines (of 3,000); continue with offset ${args.offset + 3}`,
    ]);
  });

  it('pages to the end, and says when an offset is past it', async () => {
    const store = storeOf(makeTempDir('toolwright-artifacts-reading'), 'reader');
    const { id } = await store.write({
      kind: 'tool-output',
      bytes: 'one\r\ntwo\nthree\n',
      mimeType: 'text/plain',
    });
    const all = await readArtifactLines(store, id);
    expect(all.lines).toEqual([
      { line: 1, text: 'one' },
      { line: 2, text: 'two' },
      { line: 3, text: 'three' },
    ]);
    expect(all.nextOffset).toBeUndefined();
    expect(all.text).not.toContain('continue');
    const past = await readArtifactLines(store, id, { offset: 9 });
    expect(past.lines).toEqual([]);
    expect(past.text).toBe(`Artifact ${id} has 3 lines; offset 9 is past its end.`);
  });

  it('bounds what it returns: lines cut with a marker, the text under maxBytes, control characters escaped', async () => {
    const store = storeOf(makeTempDir('toolwright-artifacts-reading'), 'reader');
    const content = `${'x'.repeat(5000)}\n${'y\u001b[2J'.repeat(3)}\n${Array.from({ length: 2000 }, () => 'z'.repeat(80)).join('\n')}`;
    const { id } = await store.write({ kind: 'tool-output', bytes: content });
    const page = await readArtifactLines(store, id, { limit: 10_000, maxBytes: 4096 });
    expect(page.lines[0]?.text).toBe(`${'x'.repeat(1000)}… [line cut, 5,000 characters]`);
    expect(page.lines[1]?.text).toBe('y\\u001b[2J'.repeat(3));
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(4096);
    expect(page.nextOffset).toBe((page.lines.at(-1)?.line ?? 0) + 1);
    expect(page.text).toContain(`continue with offset ${page.nextOffset}`);
  });

  it('searches literally, with line numbers, bounded, counting every match', async () => {
    const store = storeOf(makeTempDir('toolwright-artifacts-reading'), 'reader');
    const { id } = await store.write({ kind: 'tool-output', bytes: LOG });
    const found = await searchArtifact(store, id, 'ERROR');
    expect(found.totalMatches).toBe(12);
    expect(found.matches.slice(0, 2)).toEqual([
      { line: 1, text: 'step 1: ERROR disk' },
      { line: 251, text: 'step 251: ERROR disk' },
    ]);
    expect(found.text.split('\n')[1]).toBe('   251\tstep 251: ERROR disk');

    const few = await searchArtifact(store, id, 'error', { ignoreCase: true, maxMatches: 2 });
    expect(few.matches).toHaveLength(2);
    expect(few.totalMatches).toBe(12);
    expect(few.text).toContain('… 10 more matching lines (12 in all)');
    // A regular expression is text like any other: nothing in the log contains it.
    const literal = await searchArtifact(store, id, 'ERR.R');
    expect(literal.totalMatches).toBe(0);
    expect(literal.text).toBe(`No line of artifact ${id} (3,000 lines) contains "ERR.R".`);
  });

  it("refuses another session's artifact, an unknown or malformed id, binary content and bad options", async () => {
    const root = makeTempDir('toolwright-artifacts-reading');
    const mine = storeOf(root, 'session-a');
    const theirs = storeOf(root, 'session-b');
    const { id: theirId } = await theirs.write({ kind: 'tool-output', bytes: 'secret of b\n' });
    // The artifact exists in the same root and namespace, but not in this session.
    const foreign = await rejection(readArtifactLines(mine, theirId));
    expect(foreign.code).toBe('not_found');
    expect(foreign.message).toContain(`No artifact ${theirId}`);
    expect((await rejection(searchArtifact(mine, theirId, 'secret'))).code).toBe('not_found');

    const malformed = await rejection(readArtifactLines(mine, 'build.log'));
    expect(malformed.code).toBe('invalid_request');
    expect(malformed.message).toContain('expected 64 lowercase hex digits');

    const image = await mine.write({
      kind: 'image',
      bytes: new Uint8Array([0x89, 0x50, 0, 1]),
      mimeType: 'image/png',
    });
    const binary = await rejection(readArtifactLines(mine, image.id));
    expect(binary.message).toBe(
      `Artifact ${image.id} is binary (image/png, 4 bytes): it has no lines to read or search. Only UTF-8 text artifacts are read as lines.`,
    );

    const { id } = await mine.write({ kind: 'tool-output', bytes: 'a\n' });
    const zero = await rejection(readArtifactLines(mine, id, { offset: 0 }));
    expect(zero.code).toBe('invalid_option');
    expect(zero.message).toContain('offset');
    const misspelt = await rejection(readArtifactLines(mine, id, { lines: 5 } as never));
    expect(misspelt.message).toContain('accepted: offset, limit, maxBytes');
    const empty = await rejection(searchArtifact(mine, id, ''));
    expect(empty.message).toContain('expected a string of 1 to 1000 characters, matched literally');
  });
});
