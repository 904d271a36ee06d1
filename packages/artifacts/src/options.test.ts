import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ArtifactStoreError,
  DEFAULT_ARTIFACT_LIMITS,
  SessionArtifactStore,
  type SessionArtifactStoreOptions,
} from './index.js';

const root = mkdtempSync(join(tmpdir(), 'toolwright-artifacts-options-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const valid: SessionArtifactStoreOptions = { root, namespace: 'mcp', sessionIdentity: 'session-1' };

function refusal(options: unknown): ArtifactStoreError {
  try {
    new SessionArtifactStore(options as SessionArtifactStoreOptions);
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('SessionArtifactStore options', () => {
  it.each([
    ['namespace', { namespace: 'MCP' }, '"MCP"'],
    ['namespace', { namespace: '-mcp' }, '"-mcp"'],
    ['namespace', { namespace: '' }, '""'],
    ['namespace', { namespace: 'a'.repeat(65) }, '65 characters'],
    ['namespace', { namespace: '../etc' }, '"../etc"'],
    ['sessionIdentity', { sessionIdentity: '' }, '""'],
    ['sessionIdentity', { sessionIdentity: 'x'.repeat(513) }, '513 characters'],
    ['sessionIdentity', { sessionIdentity: 42 }, 'received 42'],
    ['root', { root: '' }, '""'],
    ['limits.maxItems', { limits: { maxItems: 0 } }, 'received 0'],
    ['limits.maxItemBytes', { limits: { maxItemBytes: -1 } }, 'received -1'],
    ['limits.maxSessionBytes', { limits: { maxSessionBytes: 1.5 } }, 'received 1.5'],
    ['limits.maxSessionBytes', { limits: { maxSessionBytes: 2 ** 53 } }, 'received 9007199254740992'],
    ['limits.maxItems', { limits: { maxItems: Number.NaN } }, 'received NaN'],
    ['limits.maxItems', { limits: { maxItems: '10' } }, '"10"'],
    ['limits.maxFiles', { limits: { maxFiles: 3 } }, 'only maxItemBytes, maxItems and maxSessionBytes'],
    ['mimeExtensions["image/png"]', { mimeExtensions: { 'image/png': 'png' } }, '"png"'],
    ['mimeExtensions["Image/PNG"]', { mimeExtensions: { 'Image/PNG': '.png' } }, 'lowercase type/subtype'],
    ['lockTimeoutMs', { lockTimeoutMs: 0 }, 'received 0'],
    ['validateRequest', { validateRequest: 'yes' }, 'a function'],
  ])('refuses a bad %s, naming it, the value and what is accepted', (option, override, shown) => {
    const error = refusal({ ...valid, ...override });
    expect(error.code).toBe('invalid_option');
    expect(error.option).toBe(option);
    expect(error.message).toContain(`Invalid option ${option}`);
    expect(error.message).toContain(shown);
    expect(error.message).toContain('expected');
  });

  it('accepts valid options with defaults and touches nothing on disk until first use', () => {
    const store = new SessionArtifactStore({ ...valid, limits: { maxItems: 5 } });
    expect(store.stats().limits).toEqual({ ...DEFAULT_ARTIFACT_LIMITS, maxItems: 5 });
    expect(store.specificationVersion).toBe('v1');
    expect(readdirSync(root)).toEqual([]);
  });
});
