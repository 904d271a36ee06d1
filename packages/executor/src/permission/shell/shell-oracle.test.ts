// The reader against the real thing: random command lines run by /bin/bash in a temporary
// directory, with a program that records that it ran. What bash runs must be what the rules saw.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePermissionRule } from '../permission-rule.js';
import { catchesShell, coveringRules } from './rule-coverage.js';
import { analyseShell } from './shell-analysis.js';

const BASH = '/bin/bash';
const root = makeTempDir('tw-shell-oracle');
/** As `/proc/<pid>/cwd` names it: resolved once, not on every command. */
const realRoot = realpathSync(root);
const bin = join(root, 'bin');
const log = join(root, 'ran.log');

beforeAll(() => {
  mkdirSync(bin);
  // `target` records every run; `probe` does nothing.
  writeFileSync(join(bin, 'target'), `#!/bin/sh\necho "$@" >> '${log}'\n`);
  writeFileSync(join(bin, 'probe'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, 'target'), 0o755);
  chmodSync(join(bin, 'probe'), 0o755);
});

/** How many processes run in `directory` (their working directory), this one excepted. */
function processesIn(directory: string): number {
  let count = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) === directory) count += 1;
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return count;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs bash in `root` and returns once every process it started there has ended: a `nohup`,
 * `setsid` or `timeout` child outliving bash (or bash killed at its time limit) would otherwise
 * write to ran.log during the next command and be blamed on it.
 */
function bash(args: readonly string[], path: string): string {
  const run = spawnSync(BASH, args, {
    cwd: root,
    env: { PATH: path, T: 'target', PS4: '+TRACE ' },
    encoding: 'utf8',
    timeout: 5000,
    input: '',
  });
  while (processesIn(realRoot) > 0) Atomics.wait(pause, 0, 0, 10);
  return run.stderr ?? '';
}

describe.skipIf(!existsSync(BASH))('the reader agrees with bash', () => {
  it('whenever bash runs target, a deny rule on target:* catches the line', () => {
    const deny = parsePermissionRule('Bash(target:*)', 'deny').specifier;
    if (deny === undefined) throw new Error('the rule has a specifier');
    const spellings = fc.constantFrom(
      'target',
      '"target"',
      "'tar'get",
      't\\arget',
      "$'\\x74'arget",
      'tar{get,}',
      '{,target}',
      'targe?',
      './bin/target',
      'bin/targ*',
      '$T',
      '"$T"',
      't$Xarget',
      '$(echo target)',
      '`echo target`',
    );
    const wrappers = fc.constantFrom(
      '',
      'env ',
      'env -i PATH=$PATH ',
      'nohup ',
      'nice ',
      'timeout 5 ',
      'eval ',
      'xargs ',
      'command ',
      'exec ',
      'time ',
      'stdbuf -oL ',
      'setsid -w ',
      'find bin -name target -exec ',
      'echo target | sh; ',
      'ionice ',
      'taskset 1 ',
      'setpriv --nnp ',
      `flock ${join(root, 'lock')} `,
      'chrt -o 0 ',
      'unshare -r ',
      'strace -f -o /dev/null ',
      'busybox ',
      'sudo -n ',
    );
    const tails = fc.constantFrom('', ' x', ' {} \\;', ' >/dev/null', '; true', ' && true', " 'a;b'");
    const shells = fc.constantFrom('', 'sh -c ', 'bash -c ', "sh -c '$0 x' ", 'script -qc ');
    let ran = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('', 'true; ', 'T=target; ', 'X=; '),
        shells,
        wrappers,
        spellings,
        tails,
        (before, shell, wrapper, spelled, tail) => {
          const inner = `${wrapper}${spelled}${tail}`;
          const command =
            shell === ''
              ? `${before}${inner}`
              : `${before}${shell}${JSON.stringify(inner)}${shell.includes('$0') ? ' target' : shell.startsWith('script') ? ' /dev/null' : ''}`;
          if (existsSync(log)) unlinkSync(log);
          bash(['-c', command], `${bin}:/usr/bin:/bin`);
          if (!existsSync(log)) return;
          ran += 1;
          expect(catchesShell(analyseShell(command), deny), command).not.toBe(false);
        },
      ),
      { numRuns: 300 },
    );
    // The property must have met lines that run target.
    expect(ran).toBeGreaterThan(30);
  });

  it('whatever an allow rule on probe:* allows, bash runs nothing but probe', () => {
    const allow = [parsePermissionRule('Bash(probe:*)', 'allow')];
    const args = fc.constantFrom(
      'x',
      '-c',
      'sh',
      '"a b"',
      "'c;d'",
      '\\;',
      '$X',
      '*',
      '~/q',
      '{}',
      '{a,b}',
      '[',
      '!',
      '#c',
      'if',
      'a=b',
      '--',
      '>y',
      '2>&1',
      '`id`',
      "$'\\x41'",
      '\\',
      '(',
      ')',
    );
    const heads = fc.constantFrom(
      'probe',
      '"probe"',
      'p\\robe',
      'A=1 probe',
      '{ probe',
      '(probe',
      '! probe',
      'if probe; then probe',
      'while probe; do probe',
      'time probe',
      'sh -c probe',
      'eval probe',
    );
    const separators = fc.constantFrom(
      '; ',
      ' && ',
      ' || ',
      ' | ',
      ' & ',
      '\n',
      ' |& ',
      '; }',
      ')',
      '; fi',
      '; done',
      ' ',
    );
    const segment = fc.tuple(heads, fc.array(args, { maxLength: 4 }), separators);
    let allowed = 0;
    const property = fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), (segments) => {
      const command = segments
        .map(([head, words, separator]) => `${head} ${words.join(' ')}${separator}`)
        .join('');
      if (coveringRules(analyseShell(command), allow) === undefined) return;
      allowed += 1;
      const trace = bash(['-x', '-c', command], bin);
      for (const line of trace.split('\n')) {
        if (line.startsWith('+TRACE ')) expect(line.slice(7), command).toMatch(/^probe( |$)/);
      }
    });
    // About one random line in twenty is allowed: run rounds of fresh random lines until enough
    // allowed ones were run through bash, so the count never rests on one seed's luck (one run
    // of 400 once met only 9).
    for (let round = 0; round < 20 && allowed < 20; round += 1) fc.assert(property, { numRuns: 200 });
    expect(allowed).toBeGreaterThanOrEqual(20);
  });
});
