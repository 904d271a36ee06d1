import { existsSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './temp-dir.js';

describe('makeTempDir inside a test', () => {
  let previous: string | undefined;

  it('makes a fresh private directory under the OS temp directory, named after the prefix', () => {
    const dir = makeTempDir('tw-temp-dir-probe');
    expect(dir.startsWith(tmpdir())).toBe(true);
    expect(basename(dir)).toMatch(/^tw-temp-dir-probe-.{6}$/);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dir, 'left-behind.txt'), 'x');
    previous = dir;
  });

  it('removed the previous test’s directory, with its content, when that test ended', () => {
    expect(previous).toBeDefined();
    expect(existsSync(previous as string)).toBe(false);
  });

  it('gives the real path when asked', () => {
    const dir = makeTempDir('tw-temp-dir-real', { realPath: true });
    expect(dir).toBe(realpathSync(dir));
  });
});

describe('makeTempDir in a beforeEach', () => {
  let dir = '';
  const seen: string[] = [];
  beforeEach(() => {
    dir = makeTempDir('tw-temp-dir-each');
  });

  it('gives each test its own directory', () => {
    seen.push(dir);
    expect(existsSync(dir)).toBe(true);
  });

  it('and removes the one before', () => {
    seen.push(dir);
    expect(seen[0]).not.toBe(seen[1]);
    expect(existsSync(seen[0] as string)).toBe(false);
  });
});

describe('makeTempDir in a describe body', () => {
  const shared = makeTempDir('tw-temp-dir-shared');

  it('keeps the directory for every test of the describe', () => {
    writeFileSync(join(shared, 'one.txt'), '1');
    expect(existsSync(shared)).toBe(true);
  });

  it('(still there for the second test)', () => {
    expect(existsSync(join(shared, 'one.txt'))).toBe(true);
  });

  afterAll(() => {
    // This describe's own afterAll runs before the cleanup registered by makeTempDir, so the
    // directory is still there; the next describe checks that it went.
    expect(existsSync(shared)).toBe(true);
    sharedDir = shared;
  });
});

let sharedDir = '';
describe('after the describe', () => {
  it('the describe-level directory is gone', () => {
    expect(sharedDir).not.toBe('');
    expect(existsSync(sharedDir)).toBe(false);
  });
});

describe('makeTempDir in a beforeAll', () => {
  let early = '';
  beforeAll(() => {
    early = makeTempDir('tw-temp-dir-before-all');
    beforeAllDir = early;
  });

  it('keeps the directory for the tests', () => {
    expect(existsSync(early)).toBe(true);
  });
});

// The file's own afterAll hooks run before the removal joined from the beforeAll, so the
// directory is still there for them.
let beforeAllDir = '';
afterAll(() => {
  expect(beforeAllDir).not.toBe('');
  expect(existsSync(beforeAllDir)).toBe(true);
});
