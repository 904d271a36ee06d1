import { describe, expect, it } from 'vitest';
import { userStateDirectory } from './user-state-directory.js';

describe('userStateDirectory', () => {
  it('is under $XDG_STATE_HOME when it is an absolute path', () => {
    expect(userStateDirectory({ XDG_STATE_HOME: '/var/state/me' }, '/home/me')).toBe(
      '/var/state/me/toolwright',
    );
  });

  it('falls back to ~/.local/state when XDG_STATE_HOME is unset, empty or relative (never the current directory)', () => {
    for (const env of [
      {},
      { XDG_STATE_HOME: '' },
      { XDG_STATE_HOME: 'state' },
      { XDG_STATE_HOME: './.state' },
    ]) {
      expect(userStateDirectory(env, '/home/me')).toBe('/home/me/.local/state/toolwright');
    }
  });
});
