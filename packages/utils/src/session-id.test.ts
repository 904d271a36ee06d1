import { describe, expect, it } from 'vitest';
import { isSessionId, MAX_SESSION_ID_LENGTH, SESSION_ID_PATTERN } from './session-id.js';

describe('session ids', () => {
  it.each([
    'a',
    '0',
    'session-1',
    'a_b-C',
    '123e4567-e89b-12d3-a456-426614174000',
    'x'.repeat(MAX_SESSION_ID_LENGTH),
  ])('accepts %s', (id) => {
    expect(isSessionId(id)).toBe(true);
  });

  it.each([
    '',
    '-a',
    '_a',
    'a/b',
    '..',
    'a.b',
    'a\u0000',
    'a b',
    'é',
    'x'.repeat(MAX_SESSION_ID_LENGTH + 1),
    42,
    undefined,
  ])('refuses %j', (id) => {
    expect(isSessionId(id)).toBe(false);
  });

  it('has one length in the pattern and the constant', () => {
    expect(SESSION_ID_PATTERN.source).toContain(`{0,${MAX_SESSION_ID_LENGTH - 1}}`);
  });
});
