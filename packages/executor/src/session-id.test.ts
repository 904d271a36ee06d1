import { describe, expect, it } from 'vitest';
import { ExecutorError } from './executor-error.js';
import { assertSessionId, SESSION_ID_PATTERN } from './session-id.js';

describe('assertSessionId', () => {
  it.each([
    ['a UUID', '3f2b8c1e-9d4a-4e7b-8a6f-1c2d3e4f5a6b'],
    ['letters, digits, _ and -', 'abc_DEF-123'],
    ['a single character', 'a'],
    ['128 characters', 'a'.repeat(128)],
  ])('accepts %s', (_label, id) => {
    expect(() => assertSessionId(id)).not.toThrow();
    expect(SESSION_ID_PATTERN.test(id)).toBe(true);
  });

  it.each([
    ['a path escaping the state directory', '../../../../..'],
    ['a path with a separator', 'a/b'],
    ['a backslash separator', 'a\\b'],
    ['the current directory', '.'],
    ['the parent directory', '..'],
    ['an empty string', ''],
    ['129 characters', 'a'.repeat(129)],
    ['a NUL byte', 'a\u0000b'],
    ['a leading dash (an option to a command)', '-rf'],
    ['a leading underscore', '_x'],
    ['a trailing newline', 'abc\n'],
    ['a space', 'a b'],
    ['a non-ASCII letter', 'sessión'],
  ])('refuses %s with invalid_session_id', (_label, id) => {
    let caught: unknown;
    try {
      assertSessionId(id);
    } catch (error) {
      caught = error;
    }
    expect(ExecutorError.isInstance(caught)).toBe(true);
    expect((caught as ExecutorError).code).toBe('invalid_session_id');
    expect((caught as ExecutorError).message).toContain('1 to 128 characters');
  });

  it.each([[undefined], [null], [42], [{ id: 'abc' }], [['abc']]])('refuses the non-string %j', (id) => {
    expect(() => assertSessionId(id)).toThrow(expect.objectContaining({ code: 'invalid_session_id' }));
  });

  it('shows a long refused id shortened, not in full', () => {
    const id = `${'x'.repeat(200)}/`;
    expect(() => assertSessionId(id)).toThrow(/x{60}…"/);
  });
});
