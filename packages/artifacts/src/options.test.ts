import { readdirSync } from 'node:fs';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import {
  ArtifactStoreError,
  DEFAULT_ARTIFACT_LIMITS,
  SessionArtifactStore,
  type SessionArtifactStoreOptions,
} from './index.js';

const root = makeTempDir('toolwright-artifacts-options');

const valid: SessionArtifactStoreOptions = { root, namespace: 'mcp', sessionId: 'session-1' };
/** `valid` with the deprecated `sessionIdentity` in place of `sessionId`. */
const validDeprecated: SessionArtifactStoreOptions = { root, namespace: 'mcp', sessionIdentity: 'session-1' };

function refusal(options: unknown): ArtifactStoreError {
  try {
    new SessionArtifactStore(options as SessionArtifactStoreOptions);
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

async function rejection(promise: Promise<unknown>): Promise<ArtifactStoreError> {
  try {
    await promise;
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('SessionArtifactStore options', () => {
  it.each([
    ['namespace', { namespace: 'MCP' }, '"MCP"'],
    ['namespace', { namespace: '-mcp' }, '"-mcp"'],
    ['namespace', { namespace: '' }, '""'],
    ['namespace', { namespace: 'a'.repeat(65) }, `"${'a'.repeat(47)}…"`],
    ['namespace', { namespace: '../etc' }, '"../etc"'],
    ['sessionId', { sessionId: '' }, '""'],
    ['sessionId', { sessionId: 'x'.repeat(129) }, `"${'x'.repeat(47)}…"`],
    ['sessionId', { sessionId: 42 }, 'got integer 42'],
    ['sessionId', { sessionId: '../etc' }, '"../etc"'],
    ['sessionId', { sessionId: 't-\u{1F642}' }, 'letters, digits'],
    ['sessionId', { sessionId: undefined }, 'got nothing'],
    ['root', { root: '' }, '""'],
    ['mimeExtensions["image/png"]', { mimeExtensions: { 'image/png': 'png' } }, '"png"'],
    ['mimeExtensions["Image/PNG"]', { mimeExtensions: { 'Image/PNG': '.png' } }, 'lowercase type/subtype'],
    ['validateRequest', { validateRequest: 'yes' }, 'a function'],
  ])('refuses a bad %s, naming it, the value and what is accepted', (option, override, shown) => {
    const error = refusal({ ...valid, ...override });
    expect(error.code).toBe('invalid_option');
    expect(error.option).toBe(option);
    expect(error.message).toMatch(
      new RegExp(`^SessionArtifactStore: ${option.replace(/[[\]]/g, '\\$&')} must be .+; got `),
    );
    expect(error.message).toContain(shown);
  });

  it.each([
    ['sessionIdentity', { sessionIdentity: '' }, '""'],
    ['sessionIdentity', { sessionIdentity: 'x'.repeat(513) }, 'at most 512 characters'],
    ['sessionIdentity', { sessionIdentity: 42 }, 'got integer 42'],
  ])('refuses a bad deprecated %s under its own rule', (option, override, shown) => {
    const error = refusal({ ...validDeprecated, ...override });
    expect(error).toMatchObject({ code: 'invalid_option', option });
    expect(error.message).toContain(shown);
  });

  it('takes the deprecated sessionIdentity for one minor: the same text names the same directory as sessionId', () => {
    const deprecated = new SessionArtifactStore(validDeprecated);
    expect(deprecated.sessionDirectory).toBe(new SessionArtifactStore(valid).sessionDirectory);
    // Its own, wider rule holds until it is removed: a store made under it keeps its directory.
    expect(() => new SessionArtifactStore({ ...validDeprecated, sessionIdentity: 'a/b c' })).not.toThrow();
    expect(new SessionArtifactStore({ ...valid, sessionIdentity: 'session-1' }).sessionDirectory).toBe(
      deprecated.sessionDirectory,
    );
  });

  it('refuses sessionId and sessionIdentity with different values', () => {
    const error = refusal({ ...valid, sessionIdentity: 'session-2' });
    expect(error).toMatchObject({ code: 'invalid_option', option: 'sessionId' });
    expect(error.message).toBe(
      'SessionArtifactStore: sessionId (string "session-1") and its deprecated former name sessionIdentity (string "session-2") are both set and differ; set only sessionId.',
    );
  });

  it.each([
    ['limits.maxItems', { limits: { maxItems: 0 } }, 'got integer 0'],
    ['limits.maxItemBytes', { limits: { maxItemBytes: -1 } }, 'got integer -1'],
    ['limits.maxSessionBytes', { limits: { maxSessionBytes: 1.5 } }, 'got number 1.5'],
    ['limits.maxSessionBytes', { limits: { maxSessionBytes: 2 ** 53 } }, 'got integer 9007199254740992'],
    ['limits.maxItems', { limits: { maxItems: Number.NaN } }, 'got number NaN'],
    ['limits.maxItems', { limits: { maxItems: Number.POSITIVE_INFINITY } }, 'got number Infinity'],
    ['limits.maxItems', { limits: { maxItems: '10' } }, 'got string "10"'],
    ['lockTimeoutMs', { lockTimeoutMs: 0 }, 'got integer 0'],
  ])(
    'refuses a bad number %s with the shared wording: its name, the accepted range and the value',
    (option, override, shown) => {
      const error = refusal({ ...valid, ...override });
      expect(error.code).toBe('invalid_option');
      expect(error.option).toBe(option);
      expect(error.message).toContain(`${option} must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`);
      expect(error.message).toContain(shown);
    },
  );

  it('refuses maxSessionBytes given at the top level instead of inside limits: the quota would not be enforced', () => {
    const error = refusal({ ...valid, maxSessionBytes: 1024 });
    expect(error.code).toBe('invalid_option');
    expect(error.option).toBe('maxSessionBytes');
    expect(error.message).toContain('unknown option "maxSessionBytes"');
    expect(error.message).toContain('limits: { maxSessionBytes');
    expect(error.message).toContain(
      'accepted: root, namespace, sessionId, sessionIdentity, limits, mimeExtensions, validateRequest, lockTimeoutMs, readBackTool',
    );
  });

  it('refuses a misspelt lockTimeoutMS, naming the nearest known name', () => {
    const error = refusal({ ...valid, lockTimeoutMS: 50 });
    expect(error).toMatchObject({ code: 'invalid_option', option: 'lockTimeoutMS' });
    expect(error.message).toContain('unknown option "lockTimeoutMS" (did you mean "lockTimeoutMs"?)');
  });

  it('refuses an unknown limit, naming the nearest known one and the accepted names', () => {
    const error = refusal({ ...valid, limits: { maxItem: 3 } });
    expect(error).toMatchObject({ code: 'invalid_option', option: 'limits.maxItem' });
    expect(error.message).toContain('unknown option "limits.maxItem" (did you mean "limits.maxItems"?)');
    expect(error.message).toContain('accepted: limits.maxItemBytes, limits.maxItems, limits.maxSessionBytes');
  });

  it('refuses limits and options that are not plain objects', () => {
    expect(refusal({ ...valid, limits: [1] })).toMatchObject({ code: 'invalid_option', option: 'limits' });
    expect(refusal(undefined)).toMatchObject({ code: 'invalid_option', option: 'options' });
    expect(refusal('root')).toMatchObject({ code: 'invalid_option', option: 'options' });
  });

  it.each([
    ['t-\uDBFF', 'U+DBFF at index 2'],
    ['t-\uD800', 'U+D800 at index 2'],
    ['\uDC00-t', 'U+DC00 at index 0'],
    ['t-\uDFFF\uD800', 'U+DFFF at index 2'],
  ])(
    'refuses a session identity that is not well-formed UTF-16 (%j): it would share a directory',
    (sessionIdentity, where) => {
      const error = refusal({ ...validDeprecated, sessionIdentity });
      expect(error).toMatchObject({ code: 'invalid_option', option: 'sessionIdentity' });
      expect(error.message).toContain(`lone surrogate ${where}`);
      expect(error.message).toContain('same session directory');
    },
  );

  it('accepts surrogate pairs, and a session identity differing only in them gets its own directory', () => {
    const pair = new SessionArtifactStore({ ...validDeprecated, sessionIdentity: 't-\u{1F642}' });
    const replacement = new SessionArtifactStore({ ...validDeprecated, sessionIdentity: 't-\uFFFD' });
    expect(pair.sessionDirectory).not.toBe(replacement.sessionDirectory);
  });

  it('accepts valid options with defaults and touches nothing on disk until first use', () => {
    const store = new SessionArtifactStore({ ...valid, limits: { maxItems: 5, maxItemBytes: undefined } });
    expect(store.stats().limits).toEqual({ ...DEFAULT_ARTIFACT_LIMITS, maxItems: 5 });
    expect(store.specificationVersion).toBe('v1');
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('spill options and write requests are checked by name too', () => {
  it('refuses spill({ threshold }), which would leave the 32 KiB default in force, pointing at thresholdBytes', async () => {
    const store = new SessionArtifactStore(valid);
    const error = await rejection(store.spill('x'.repeat(100), { threshold: 10 } as never));
    expect(error).toMatchObject({ code: 'invalid_option', option: 'threshold' });
    expect(error.message).toContain('unknown option "threshold"');
    expect(error.message).toContain('"thresholdBytes"');
    expect(error.message).toContain('accepted: thresholdBytes, headBytes, tailBytes, kind, mimeType');
  });

  it.each([
    ['thresholdBytes', { thresholdBytes: 0 }, 'an integer from 1'],
    ['headBytes', { headBytes: -1 }, 'an integer from 0'],
    ['tailBytes', { tailBytes: 2.5 }, 'an integer from 0'],
  ])('refuses a bad spill number %s with the shared wording', async (option, options, accepted) => {
    const error = await rejection(new SessionArtifactStore(valid).spill('x', options));
    expect(error).toMatchObject({ code: 'invalid_option', option });
    expect(error.message).toContain(`${option} must be ${accepted}`);
  });

  it('refuses spill options that are not an object (null included)', async () => {
    const error = await rejection(new SessionArtifactStore(valid).spill('x', null as never));
    expect(error).toMatchObject({ code: 'invalid_option', option: 'options' });
  });

  it('refuses a write request with a misspelt field (mimetype), which would store the artifact without its type', async () => {
    const store = new SessionArtifactStore(valid);
    const error = await rejection(store.write({ kind: 'image', bytes: 'x', mimetype: 'image/png' } as never));
    expect(error).toMatchObject({ code: 'invalid_request', option: 'mimetype' });
    expect(error.message).toContain('unknown option "mimetype" (did you mean "mimeType"?)');
    expect(readdirSync(root)).toEqual([]);
  });
});
