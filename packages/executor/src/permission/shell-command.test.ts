import { describe, expect, it } from 'vitest';
import { commandCandidates } from './shell-command.js';

describe('commandCandidates', () => {
  it('keeps the content and its chained segments as written', () => {
    const candidates = commandCandidates('ls; rm x');
    expect(candidates).toContain('ls; rm x');
    expect(candidates).toContain('ls');
    expect(candidates).toContain('rm x');
  });

  it('puts the wrapped command first, with its arguments as written and unquoted', () => {
    const candidates = commandCandidates('sudo -u root FOO="a b" /usr/bin/git "push" origin');
    expect(candidates).toContain('git "push" origin');
    expect(candidates).toContain('git push origin');
    expect(candidates).not.toContain('root FOO="a b" /usr/bin/git "push" origin');
  });

  it('reads an option it does not know both ways: with a value and without', () => {
    const candidates = commandCandidates('sudo --frobnicate value rm x');
    expect(candidates).toContain('value rm x');
    expect(candidates).toContain('rm x');
  });

  it('reads the -c string of a shell, and an eval, as commands', () => {
    expect(commandCandidates('bash -ec "ls && rm x"')).toContain('rm x');
    expect(commandCandidates("zsh -c 'FOO=1 rm x'")).toContain('rm x');
    expect(commandCandidates('eval "sudo rm x"')).toContain('rm x');
  });

  it('does not take an argument for a command: echo rm x and bash script.sh stay what they are', () => {
    expect(commandCandidates('echo rm x').some((candidate) => candidate.startsWith('rm'))).toBe(false);
    expect(commandCandidates('bash rm.sh').some((candidate) => candidate.startsWith('rm'))).toBe(false);
    expect(commandCandidates('sudo -u rm ls').some((candidate) => candidate.startsWith('rm'))).toBe(false);
  });

  it('stays linear on many unknown options and stops nesting a few levels deep', () => {
    const many = `sudo ${'--x '.repeat(200)}rm x`;
    expect(commandCandidates(many)).toContain('rm x');
    let nested = 'rm x';
    for (let level = 0; level < 10; level += 1) nested = `eval ${JSON.stringify(nested)}`;
    expect(() => commandCandidates(nested)).not.toThrow();
  });
});
