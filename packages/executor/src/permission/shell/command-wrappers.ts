import type { ShellWord } from './shell-words.js';

/**
 * A command that runs another command given on its own command line (`sudo rm x`,
 * `timeout 5 rm x`, `script -qc 'rm x'`): its options, per option whether it takes a value, and
 * how the wrapped command is given.
 */
export interface WrapperSpec {
  /** Options taking the next word as their value: short letters, long names without `--`. */
  readonly withValue: ReadonlySet<string>;
  /** Options known to take no value. */
  readonly withoutValue: ReadonlySet<string>;
  /** Options taking the next two words (`bwrap --bind src dest`). */
  readonly withTwoValues: ReadonlySet<string>;
  /** Options whose value is a shell command string (`su -c`, `env -S`, `script -c`, `flock -c`). */
  readonly commandString: ReadonlySet<string>;
  /** Fixed operands before the wrapped command (`timeout DURATION`, `chroot DIR`). */
  readonly operands: number;
  /**
   * How the rest of the line runs: `argv` as a command (`sudo rm x`), `joined` into one string
   * a shell runs (`watch rm x` runs `sh -c 'rm x'`), `none` (only its command-string option runs).
   */
  readonly runs: 'argv' | 'joined' | 'none';
}

function spec(
  withValue: string,
  withoutValue: string,
  more: { operands?: number; commandString?: string; twoValues?: string; runs?: WrapperSpec['runs'] } = {},
): WrapperSpec {
  const set = (list = '') => new Set(list.split(' ').filter((item) => item !== ''));
  return {
    withValue: set(withValue),
    withoutValue: set(withoutValue),
    withTwoValues: set(more.twoValues),
    commandString: set(more.commandString),
    operands: more.operands ?? 0,
    runs: more.runs ?? 'argv',
  };
}

const SUDO = spec(
  'u g C D h p r t T U R user group close-from chdir host prompt role type command-timeout other-user chroot',
  'A b E e H i K k l n P S s V v B N askpass background preserve-env edit set-home login non-interactive preserve-groups stdin shell list validate reset-timestamp remove-timestamp version help bell',
);

const LOADER = spec(
  'library-path preload argv0 audit glibc-hwcaps-prepend glibc-hwcaps-mask',
  'inhibit-cache inhibit-rpath list verify list-tunables list-diagnostics',
);

const BWRAP_ONE =
  'uid gid hostname chdir unsetenv lock-file sync-fd info-fd json-status-fd seccomp add-seccomp-fd block-fd userns-block-fd userns userns2 pidns cap-add cap-drop remount-ro proc dev tmpfs mqueue dir exec-label file-label perms size argv0 overlay-src tmp-overlay ro-overlay';
const BWRAP_TWO =
  'setenv bind bind-try dev-bind dev-bind-try ro-bind ro-bind-try file bind-data ro-bind-data symlink chmod bind-fd ro-bind-fd';

/** Commands that run the command after their options, by name. */
export const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map([
  ['sudo', SUDO],
  ['doas', spec('u C', 'n s L')],
  [
    'run0',
    spec(
      'u g D user group chdir description property slice nice setenv machine',
      'background no-ask-password',
    ),
  ],
  ['pkexec', spec('user', 'disable-internal-agent keep-cwd')],
  ['command', spec('', 'p v V')],
  ['builtin', spec('', '')],
  ['exec', spec('a', 'c l')],
  [
    'env',
    spec(
      'u C unset chdir P a argv0 block-signal default-signal ignore-signal',
      'i 0 v ignore-environment null debug list-signal-handling',
      { commandString: 'S split-string' },
    ),
  ],
  ['nohup', spec('', '')],
  ['time', spec('f o format output', 'p a v q append verbose quiet portability')],
  ['nice', spec('n adjustment', '')],
  ['ionice', spec('c n p P u class classdata pid pgid uid', 't ignore')],
  [
    'xargs',
    spec(
      'a d E I L l n P s arg-file delimiter eof replace max-lines max-args max-procs max-chars process-slot-var',
      '0 e i o p r t x null no-run-if-empty interactive verbose exit open-tty show-limits',
    ),
  ],
  ['timeout', spec('k s kill-after signal', 'v foreground preserve-status verbose', { operands: 1 })],
  ['stdbuf', spec('i o e input output error', '')],
  ['setsid', spec('', 'c f w ctty fork wait')],
  [
    'chrt',
    spec(
      'T P D sched-runtime sched-period sched-deadline',
      'a b d f i o r m p R v e all-tasks batch deadline fifo idle other rr reset-on-fork verbose max',
      { operands: 1 },
    ),
  ],
  ['taskset', spec('', 'a c p all-tasks cpu-list', { operands: 1 })],
  [
    'flock',
    spec(
      'w E conflict-exit-code timeout',
      's x u n o F shared exclusive unlock nonblock close no-fork verbose',
      { operands: 1, commandString: 'c command' },
    ),
  ],
  ['chroot', spec('userspec groups', 'skip-chdir', { operands: 1 })],
  ['unbuffer', spec('', 'p')],
  ['nocorrect', spec('', '')],
  ['noglob', spec('', '')],
  ['caffeinate', spec('t w', 'd i m s u')],
  [
    'watch',
    spec(
      'n d q interval differences equexit',
      'b c e g t x p r w beep color no-color errexit chgexit no-title exec precise no-rerun no-wrap',
      { runs: 'joined' },
    ),
  ],
  [
    'su',
    spec('g G s w group supp-group shell whitelist-environment', 'l m p f P login preserve-environment pty', {
      commandString: 'c command session-command',
    }),
  ],
  [
    'runuser',
    spec(
      'u g G s w user group supp-group shell whitelist-environment',
      'l m p f P login preserve-environment pty',
      { commandString: 'c command session-command' },
    ),
  ],
  ['sg', spec('', '', { operands: 1, commandString: 'c', runs: 'joined' })],
  // Multi-call binaries run the applet named after them.
  ['busybox', spec('', '')],
  // uutils' multi-call binary: `coreutils rm x`.
  ['coreutils', spec('', '')],
  // The dynamic loader runs the program it is given: `/lib64/ld-linux-x86-64.so.2 /bin/rm x`.
  ['ld.so', LOADER],
  ['ld-linux.so.2', LOADER],
  ['ld-linux-x86-64.so.2', LOADER],
  ['ld-linux-aarch64.so.1', LOADER],
  ['ld-linux-armhf.so.3', LOADER],
  ['ld-musl-x86_64.so.1', LOADER],
  ['ld-musl-aarch64.so.1', LOADER],
  ['entr', spec('', 'a c d n p r s z')],
  ['prlimit', spec('p o pid output', 'noheadings raw verbose')],
  ['toybox', spec('', '')],
  [
    'script',
    spec(
      'I O B T E m o log-in log-out log-io log-timing echo logging-format output-limit',
      'a e f q k h V t append return flush force quiet',
      { commandString: 'c command', runs: 'none' },
    ),
  ],
  ['strace', spec('e o p P s S u E a b I X O U', 'c C d D f F h i k n q r t T v V w x y z Z', {})],
  ['ltrace', spec('a A D e F l n o p s u x L', 'b c C f h i r S t T V w')],
  [
    'unshare',
    spec(
      'R w S G root wd setuid setgid propagation setgroups map-user map-group map-users map-groups',
      'm u i n p U C T f r c fork map-root-user map-current-user mount-proc keep-caps kill-child mount uts ipc net pid user cgroup time',
    ),
  ],
  [
    'setpriv',
    spec(
      'reuid regid groups inh-caps ambient-caps bounding-set securebits selinux-label apparmor-profile landlock-access landlock-rule pdeathsig rlimit ruid euid rgid egid',
      'd dump nnp no-new-privs clear-groups keep-groups init-groups reset-env',
    ),
  ],
  [
    'nsenter',
    spec(
      't S G target setuid setgid user-parent',
      'a all m u i n p U C T r w F Z mount uts ipc net pid user cgroup time root wd preserve-credentials no-fork follow-context',
    ),
  ],
  [
    'bwrap',
    spec(
      BWRAP_ONE,
      'unshare-all share-net unshare-user unshare-user-try unshare-ipc unshare-pid unshare-net unshare-uts unshare-cgroup unshare-cgroup-try die-with-parent new-session as-pid-1 clearenv disable-userns assert-userns-disabled help version level-prefix',
      { twoValues: BWRAP_TWO },
    ),
  ],
  ['firejail', spec('', 'quiet noprofile')],
  ['fakeroot', spec('l s i faked lib', 'u unknown-is-real')],
  ['fakechroot', spec('l e c s lib environment config-dir', 'd use-system-libs')],
  ['eatmydata', spec('', '')],
  ['nocache', spec('n', '')],
  ['chronic', spec('', 'e v')],
  ['ifne', spec('', 'n')],
  ['torsocks', spec('u p a P i d', 'q isolate')],
  ['proxychains', spec('f', 'q')],
  ['proxychains4', spec('f', 'q')],
  ['rlwrap', spec('a b C D f F g h H l n O p P q s S t w z', 'A c i m N o r R v')],
  [
    'numactl',
    spec('i m N C p physcpubind cpunodebind membind interleave preferred', 'a all l localalloc H huge'),
  ],
  ['cgexec', spec('g', 'sticky')],
  ['faketime', spec('', 'f m', { operands: 1 })],
  [
    'systemd-run',
    spec(
      'u p E M t H C unit property setenv machine description slice uid gid nice working-directory',
      'G q d r S t user system scope pty wait collect quiet remain-after-exit same-dir shell',
    ),
  ],
  ['dbus-run-session', spec('config-file dbus-daemon', '')],
  [
    'xvfb-run',
    spec(
      'n s f e p w server-num server-args auth-file error-file xauth-protocol wait',
      'a l auto-servernum listen-tcp',
    ),
  ],
  ['valgrind', spec('', '')],
  ['catchsegv', spec('', '')],
  [
    'parallel',
    spec(
      'j S a d E I L l n P s joblog results sshlogin jobs arg-file delimiter',
      'k v q u 0 X m keep-order verbose quote ungroup null dry-run',
      { runs: 'joined' },
    ),
  ],
  ['uvx', spec('with p python from', 'q v quiet verbose isolated')],
  ['npx', spec('p package', 'y yes no q quiet', { commandString: 'c call' })],
  ['bunx', spec('', 'bun')],
  [
    'nix-shell',
    spec('p I A E attr expr packages arg argstr', 'pure keep-going', {
      commandString: 'run command',
      runs: 'none',
    }),
  ],
]);

/**
 * Tools whose subcommand runs a command (`uv run pytest`, `pnpm exec rm`), by tool name and
 * subcommand.
 */
const SUBCOMMAND_TABLE: ReadonlyArray<readonly [string, readonly string[], WrapperSpec]> = [
  [
    'uv',
    ['run'],
    spec(
      'with p python project directory package env-file',
      'frozen locked no-sync isolated q v quiet verbose no-project',
    ),
  ],
  ['poetry', ['run'], spec('C P directory project', 'q v quiet verbose no-interaction n')],
  ['pipenv', ['run'], spec('', '')],
  ['pdm', ['run'], spec('p project', 'g global')],
  ['hatch', ['run'], spec('e env', '')],
  ['rye', ['run'], spec('', '')],
  ['pixi', ['run', 'exec'], spec('e environment manifest-path', 'frozen locked')],
  ['conda', ['run'], spec('n p name prefix', 'live-stream no-capture-output')],
  ['mamba', ['run'], spec('n p name prefix', 'live-stream no-capture-output')],
  ['micromamba', ['run'], spec('n p name prefix', '')],
  ['pnpm', ['exec', 'dlx'], spec('C F dir filter package', 'r recursive parallel shell-mode c s silent')],
  [
    'npm',
    ['exec', 'x'],
    spec('package w workspace prefix C', 'ws workspaces yes y no', { commandString: 'c call' }),
  ],
  ['yarn', ['exec', 'dlx'], spec('p package', 'q quiet')],
  ['bun', ['x', 'exec'], spec('', 'bun')],
  ['mise', ['exec', 'x'], spec('C cd', 'raw')],
  ['asdf', ['exec'], spec('', '')],
  ['rbenv', ['exec'], spec('', '')],
  ['pyenv', ['exec'], spec('', '')],
  ['nodenv', ['exec'], spec('', '')],
  ['bundle', ['exec'], spec('gemfile', 'keep-file-descriptors')],
  ['direnv', ['exec'], spec('', '', { operands: 1 })],
  // `cmake -E rm -rf x`: cmake's own commands.
  ['cmake', ['-E'], spec('', '')],
  ['dotenv', ['run'], spec('f e file', 'o override')],
];

/**
 * Tools whose subcommand runs a command (`uv run pytest`, `pnpm exec rm`), by tool name and
 * subcommand.
 */
export const SUBCOMMAND_WRAPPERS: ReadonlyMap<string, ReadonlyMap<string, WrapperSpec>> = new Map(
  SUBCOMMAND_TABLE.map(([tool, subcommands, wrapper]) => [
    tool,
    new Map(subcommands.map((subcommand) => [subcommand, wrapper])),
  ]),
);

/** A command string a wrapper option carries (`su -c 'rm x'`, `env -S'rm x'`). */
export interface CommandStringValue {
  /** The string, with quotes removed. */
  readonly text: string;
  /** The word it came from: literal or not. */
  readonly word: ShellWord;
}

/** How a wrapper's own arguments read. */
export interface WrapperReading {
  /** Where the wrapped command may start (word indices): several when an unknown option may or may not take a value. */
  readonly starts: readonly number[];
  /** True when an unknown option made the reading ambiguous. */
  readonly ambiguous: boolean;
  /** Command strings of `-c`-like options. */
  readonly commandStrings: readonly CommandStringValue[];
  /** The word at which a wrapper option's value may split into several words (`sudo -u $U rm`), if any. */
  readonly splitAt: number | undefined;
  /** Values of options that change the working directory (`env -C dir`, `sudo -D dir`). */
  readonly directories: readonly ShellWord[];
}

const CHDIR_OPTIONS = new Set(['C', 'chdir', 'D', 'wd', 'w', 'directory', 'cd', 'working-directory']);

/**
 * Reads a wrapper's options from `words[from]` on: where the wrapped command starts (after
 * `spec.operands` fixed operands), every way an unknown option could be read.
 */
export function readWrapper(wrapper: WrapperSpec, words: readonly ShellWord[], from: number): WrapperReading {
  const commandStrings: CommandStringValue[] = [];
  const directories: ShellWord[] = [];
  let splitAt: number | undefined;
  let ambiguous = false;
  const starts: number[] = [];
  const seen = new Set<number>();
  let positions = [from];
  while (positions.length > 0) {
    const next: number[] = [];
    for (const index of positions) {
      if (seen.has(index)) continue;
      seen.add(index);
      const word = words[index];
      if (word === undefined) continue;
      const value = word.value;
      if (word.splits && splitAt === undefined) splitAt = index;
      if (value === '--') {
        starts.push(index + 1 + wrapper.operands);
      } else if (/^-\d+$/.test(value)) {
        // `nice -10 rm`: a numeric option is an adjustment, never the command.
        next.push(index + 1);
      } else if (!value.startsWith('-') || value === '-') {
        starts.push(index + wrapper.operands);
        for (let operand = index; operand < index + wrapper.operands; operand += 1) {
          if (words[operand]?.splits === true && splitAt === undefined) splitAt = operand;
        }
      } else {
        const option = readOption(wrapper, value);
        if (option.commandString !== undefined) {
          const text = option.commandString === '' ? words[index + 1]?.value : option.commandString;
          const source = option.commandString === '' ? words[index + 1] : word;
          if (text !== undefined && source !== undefined) commandStrings.push({ text, word: source });
        }
        if (option.name !== undefined && CHDIR_OPTIONS.has(option.name) && option.takesValue === true) {
          const target = words[index + 1];
          if (target !== undefined) directories.push(target);
        }
        if (option.takesValue === 2) next.push(index + 3);
        else {
          if (option.takesValue !== false) next.push(index + 2);
          if (option.takesValue !== true) next.push(index + 1);
        }
        if (option.takesValue === undefined) ambiguous = true;
      }
    }
    positions = next;
  }
  if (wrapper.commandString.size > 0) {
    // `su root -c "rm x"`: a command-string option may follow an operand.
    const collected = new Set(commandStrings.map((value) => value.word));
    for (let index = from; index < words.length; index += 1) {
      const word = words[index] as ShellWord;
      if (!word.value.startsWith('-') || word.value === '-' || word.value === '--') continue;
      const script = readOption(wrapper, word.value).commandString;
      const source = script === '' ? words[index + 1] : word;
      const text = script === '' ? words[index + 1]?.value : script;
      if (text !== undefined && source !== undefined && !collected.has(source)) {
        collected.add(source);
        commandStrings.push({ text, word: source });
      }
    }
  }
  return { starts, ambiguous, commandStrings, splitAt, directories };
}

interface OptionReading {
  /** The option's name (a letter, or a long name), when known. */
  readonly name: string | undefined;
  /** True: the next word is its value; 2: the next two; false: none (or attached); undefined: unknown. */
  readonly takesValue: boolean | 2 | undefined;
  /** The command string it carries: `''` when it is the next word. */
  readonly commandString: string | undefined;
}

function readOption(wrapper: WrapperSpec, word: string): OptionReading {
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    const name = word.slice(2, equals === -1 ? undefined : equals);
    const isCommand = wrapper.commandString.has(name);
    if (equals !== -1) {
      return { name, takesValue: false, commandString: isCommand ? word.slice(equals + 1) : undefined };
    }
    if (isCommand) return { name, takesValue: true, commandString: '' };
    if (wrapper.withTwoValues.has(name)) return { name, takesValue: 2, commandString: undefined };
    if (wrapper.withValue.has(name)) return { name, takesValue: true, commandString: undefined };
    if (wrapper.withoutValue.has(name)) return { name, takesValue: false, commandString: undefined };
    return { name: undefined, takesValue: undefined, commandString: undefined };
  }
  // A cluster of short options: the first one taking a value takes the rest, or the next word.
  for (let offset = 1; offset < word.length; offset += 1) {
    const letter = word[offset] as string;
    const rest = word.slice(offset + 1);
    if (wrapper.commandString.has(letter)) {
      return rest === ''
        ? { name: letter, takesValue: true, commandString: '' }
        : { name: letter, takesValue: false, commandString: rest };
    }
    if (wrapper.withValue.has(letter))
      return { name: letter, takesValue: rest === '', commandString: undefined };
    if (!wrapper.withoutValue.has(letter))
      return { name: undefined, takesValue: undefined, commandString: undefined };
  }
  return { name: undefined, takesValue: false, commandString: undefined };
}
