// On Windows `\` separates the names of a path as `/` does. The separator is the platform's
// (`node:path`'s `sep`), so this file runs the name table with it set to Windows' one.
import { describe, expect, it, vi } from 'vitest';
import { matchProtectedPath, PROTECTED_PATHS } from './protected-paths.js';

vi.mock('node:path', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:path')>()),
  sep: '\\',
}));

const ws = 'C:\\Users\\dev\\ws';

describe('protected names on Windows, where a backslash separates names', () => {
  it.each(PROTECTED_PATHS.map((entry) => [entry.pattern, entry] as const))('%s', (_pattern, entry) => {
    const spelled = entry.pattern.replaceAll('*', 'x');
    const below = entry.kind === 'directory' ? '\\any\\file.txt' : '';
    for (const path of [
      `${ws}\\${spelled.replaceAll('/', '\\')}${below}`,
      `${ws}\\sub\\${spelled}${below}`,
      `${ws}/${spelled}${below}`,
    ]) {
      expect(matchProtectedPath(path)?.reason, path).toBe(entry.reason);
    }
  });

  it('a name that only contains a protected one is not protected', () => {
    expect(matchProtectedPath(`${ws}\\notes-package.json`)).toBeUndefined();
    expect(matchProtectedPath(`${ws}\\my.git\\config`)).toBeUndefined();
  });
});
