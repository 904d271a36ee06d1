import { describe, expect, it } from 'vitest';
import { commandCandidates as scan } from './shell-command.js';

function commandCandidates(content: string): readonly string[] {
  const result = scan(content);
  expect(result.complete).toBe(true);
  return result.commands;
}

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

  it("decodes ANSI-C quoting as bash does: $'\\x72\\155' is rm", () => {
    expect(commandCandidates("$'\\x72\\155' -rf $'\\u002ftmp'")).toContain('rm -rf /tmp');
    expect(commandCandidates("echo $'a\\'b'")).toContain("echo a'b");
  });

  it('leaves a plain command as its segments: nothing to normalise', () => {
    expect(commandCandidates('ls -la && git status | grep x')).toEqual([
      'ls -la && git status | grep x',
      'ls -la',
      'git status',
      'grep x',
    ]);
  });

  it('does not take an argument for a command: echo rm x and bash script.sh stay what they are', () => {
    expect(commandCandidates('echo rm x').some((candidate) => candidate.startsWith('rm'))).toBe(false);
    expect(commandCandidates('bash rm.sh').some((candidate) => candidate.startsWith('rm'))).toBe(false);
    expect(commandCandidates('sudo -u rm ls').some((candidate) => candidate.startsWith('rm'))).toBe(false);
  });

  it('sees through the wrappers, git global options and find -delete of the shell model too', () => {
    expect(commandCandidates('unshare -r rm x')).toContain('rm x');
    expect(commandCandidates("script -qc 'rm x' /dev/null")).toContain('rm x');
    expect(commandCandidates('git -C . --no-pager -c a=b push origin')).toContain('git push origin');
    expect(commandCandidates('find . -name y -delete')).toContain('rm -rf .');
    expect(commandCandidates("sh -c '$0 -rf x' rm")).toContain('rm -rf x');
    expect(commandCandidates('npm --silent run deploy')).toContain('npm run deploy');
  });

  it('stays linear on many unknown options', () => {
    expect(commandCandidates(`sudo ${'--x '.repeat(5000)}rm x`)).toContain('rm x');
  });

  it('reads a long chain of wrappers or assignments without recursion, or says it could not', () => {
    expect(commandCandidates(`${'FOO=1 '.repeat(20000)}rm x`)).toContain('rm x');
    const chain = scan(`${'nohup '.repeat(20000)}rm x`);
    expect(chain.complete).toBe(false);
  });

  it('follows a few levels of bash -c and eval, and says when it stopped', () => {
    let nested = 'rm x';
    for (let level = 0; level < 4; level += 1) nested = `eval ${JSON.stringify(nested)}`;
    expect(commandCandidates(nested)).toContain('rm x');
    for (let level = 0; level < 8; level += 1) nested = `bash -c ${JSON.stringify(nested)}`;
    expect(scan(nested).complete).toBe(false);
  });
});
