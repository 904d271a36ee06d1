import { describe, expect, it } from 'vitest';
import { contentSegments } from './content-segments.js';

describe('contentSegments', () => {
  it('gives the whole content first, then every chained command', () => {
    expect(contentSegments('a && b; c | d || e & f')).toEqual([
      'a && b; c | d || e & f',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
  });

  it('cuts at command substitutions, backticks, redirections and groups', () => {
    expect(contentSegments('echo $(rm x)')).toContain('rm x');
    expect(contentSegments('echo `rm x`')).toContain('rm x');
    expect(contentSegments('rm x > /dev/null')).toContain('rm x');
    expect(contentSegments('(rm x)')).toContain('rm x');
    expect(contentSegments('{ rm x; }')).toContain('rm x');
  });

  it('keeps content without separators as one segment', () => {
    expect(new Set(contentSegments('ls -la'))).toEqual(new Set(['ls -la']));
    expect(contentSegments(';;')).toEqual([';;']);
  });

  it('of content that is nothing but separators is the content alone', () => {
    expect(contentSegments('&& ;')).toEqual(['&& ;']);
    expect(contentSegments('ls')).toEqual(['ls', 'ls']);
  });
});
