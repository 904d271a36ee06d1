import type { ShellWord } from './shell-words.js';

/** A file a command writes (or removes), as the command line names it. */
export interface WriteTarget {
  /** The path as the shell passes it (`~` not expanded yet). */
  readonly path: string;
  /** False when a part of it is not a literal (`> "$F"`, `cp x $(pwd)/y`): where it lands is unknown. */
  readonly literal: boolean;
  /** The path starts with an unquoted `~`: the home directory. */
  readonly tilde: boolean;
}

/** Options that take a value, per command (short letters and long names, without dashes). */
const VALUE_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['cp', 'S suffix t target-directory'],
  ['mv', 'S suffix t target-directory'],
  ['install', 'm mode o owner g group S suffix t target-directory strip-program'],
  ['ln', 'S suffix t target-directory'],
  ['rsync', 'e rsh f filter T temp-dir B block-size M remote-option'],
  ['truncate', 's size r reference o'],
  ['touch', 'd date t r reference'],
  ['mkdir', 'm mode'],
  ['mkfifo', 'm mode'],
  ['shred', 'n iterations s size'],
  ['sed', 'e expression f file l line-length'],
  ['perl', 'e E I M m l 0 x'],
  ['ruby', 'e I r'],
  ['sort', 'o output k key t field-separator S buffer-size T temporary-directory'],
  [
    'curl',
    'o output d data H header u user X request A user-agent e referer output-dir x proxy b cookie c cookie-jar T upload-file F form K config w write-out',
  ],
  [
    'wget',
    'O output-document P directory-prefix o output-file a append-output U user-agent e execute header',
  ],
  ['tar', 'f file C directory'],
  ['unzip', 'd x P'],
]);

function valueOptions(name: string): ReadonlySet<string> {
  return new Set((VALUE_OPTIONS.get(name) ?? '').split(' ').filter((item) => item !== ''));
}

interface Arguments {
  readonly operands: ShellWord[];
  /** Each option seen, with its value when it takes one. */
  readonly options: { readonly name: string; readonly value: ShellWord | string | undefined }[];
}

/** Splits arguments into options (with their values) and operands, GNU style. */
function readArguments(name: string, words: readonly ShellWord[], from: number): Arguments {
  const withValue = valueOptions(name);
  const operands: ShellWord[] = [];
  const options: Arguments['options'] = [];
  let endOfOptions = false;
  for (let index = from; index < words.length; index += 1) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (endOfOptions || !value.startsWith('-') || value === '-') {
      operands.push(word);
      continue;
    }
    if (value === '--') {
      endOfOptions = true;
      continue;
    }
    if (value.startsWith('--')) {
      const equals = value.indexOf('=');
      const option = value.slice(2, equals === -1 ? undefined : equals);
      if (equals !== -1) options.push({ name: option, value: value.slice(equals + 1) });
      else if (
        withValue.has(option) ||
        [...withValue].some((name) => name.length > 1 && name.startsWith(option))
      ) {
        options.push({ name: option, value: words[index + 1] });
        index += 1;
      } else options.push({ name: option, value: undefined });
      continue;
    }
    for (let offset = 1; offset < value.length; offset += 1) {
      const letter = value[offset] as string;
      if (withValue.has(letter)) {
        const rest = value.slice(offset + 1);
        if (rest !== '') options.push({ name: letter, value: rest });
        else {
          options.push({ name: letter, value: words[index + 1] });
          index += 1;
        }
        break;
      }
      options.push({ name: letter, value: undefined });
    }
  }
  return { operands, options };
}

function target(word: ShellWord | string | undefined, parent?: WriteTarget): WriteTarget | undefined {
  if (word === undefined) return undefined;
  if (typeof word === 'string') {
    return parent === undefined
      ? { path: word, literal: true, tilde: false }
      : { path: `${parent.path}/${word}`, literal: parent.literal, tilde: parent.tilde };
  }
  return { path: word.value, literal: word.literal, tilde: word.tilde };
}

/** `dest/basename(source)`: where `cp source dest/` puts the file. */
function into(directory: WriteTarget, source: ShellWord): WriteTarget {
  const base = source.value.replace(/\/+$/, '').split('/').pop() ?? '';
  return {
    path: `${directory.path}/${base}`,
    literal: directory.literal && source.literal,
    tilde: directory.tilde,
  };
}

function option(args: Arguments, ...names: string[]): ShellWord | string | undefined {
  for (const entry of args.options) if (isOneOf(entry.name, names)) return entry.value ?? '';
  return undefined;
}

/** `name` is one of `names`, or a beginning of a long one (`--target` for `--target-directory`). */
function isOneOf(name: string, names: readonly string[]): boolean {
  return names.some(
    (candidate) =>
      candidate === name || (name.length > 1 && candidate.length > 1 && candidate.startsWith(name)),
  );
}

function has(args: Arguments, ...names: string[]): boolean {
  return args.options.some((entry) => isOneOf(entry.name, names));
}

/**
 * The files a command writes, removes or changes, as named on its command line (`words[from]`
 * on are its arguments). Conservative: a copy's destination counts both as itself and as the
 * directory the sources land in.
 */
export function writeTargets(name: string, words: readonly ShellWord[], from: number): WriteTarget[] {
  const args = readArguments(name, words, from);
  const out: (WriteTarget | undefined)[] = [];
  const { operands } = args;
  switch (name) {
    case 'tee':
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'shred':
    case 'truncate':
    case 'touch':
    case 'mkdir':
    case 'mkfifo':
    case 'sponge':
      out.push(...operands.map((word) => target(word)));
      break;
    case 'mknod':
      out.push(target(operands[0]));
      break;
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
    case 'setfacl':
      out.push(...(has(args, 'reference') ? operands : operands.slice(1)).map((word) => target(word)));
      break;
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync': {
      const directory = option(args, 't', 'target-directory');
      let sources = operands;
      let destination: WriteTarget | undefined;
      if (directory !== undefined) destination = target(directory);
      else if (name === 'install' && has(args, 'd', 'directory')) {
        out.push(...operands.map((word) => target(word)));
        break;
      } else {
        sources = operands.slice(0, -1);
        destination = target(operands.at(-1));
        if (name === 'ln' && operands.length === 1 && operands[0] !== undefined) destination = target('.');
        if (name === 'ln' && operands.length === 1 && operands[0] !== undefined) sources = operands;
      }
      if (name === 'rsync' && destination !== undefined && /^[^/]*:/.test(destination.path)) break;
      if (destination !== undefined) {
        out.push(destination);
        for (const source of sources) out.push(into(destination, source));
      }
      // A move removes its sources.
      if (name === 'mv') out.push(...sources.map((word) => target(word)));
      break;
    }
    case 'dd':
      for (const operand of operands) {
        if (operand.value.startsWith('of=')) {
          out.push({ path: operand.value.slice(3), literal: operand.literal, tilde: false });
        }
      }
      break;
    case 'sed':
    case 'perl':
    case 'ruby': {
      const inPlace = args.options.some((entry) => entry.name === 'i' || entry.name === 'in-place');
      if (!inPlace) break;
      const scriptGiven = has(args, 'e', 'expression', 'f', 'file', 'E');
      out.push(...(scriptGiven ? operands : operands.slice(1)).map((word) => target(word)));
      break;
    }
    case 'sort':
      out.push(target(option(args, 'o', 'output')));
      break;
    case 'curl': {
      out.push(target(option(args, 'o', 'output')));
      if (has(args, 'O', 'remote-name', 'remote-name-all')) {
        const directory = target(option(args, 'output-dir'));
        for (const url of operands) out.push(remoteName(url, directory));
      }
      break;
    }
    case 'wget': {
      const document = option(args, 'O', 'output-document');
      if (document !== undefined) out.push(target(document));
      else {
        const directory = target(option(args, 'P', 'directory-prefix'));
        for (const url of operands) out.push(remoteName(url, directory));
      }
      out.push(target(option(args, 'o', 'output-file')), target(option(args, 'a', 'append-output')));
      break;
    }
    case 'unzip':
      out.push(target(option(args, 'd')));
      break;
    case 'tar': {
      const cluster = words[from]?.value ?? '';
      const extracts =
        has(args, 'x', 'extract', 'get') ||
        (!cluster.startsWith('-') && /^[A-Za-z]*x[A-Za-z]*$/.test(cluster));
      const into = option(args, 'C', 'directory');
      if (extracts && into !== undefined) out.push(target(into));
      const creates =
        has(args, 'c', 'r', 'u', 'A', 'create', 'append', 'update', 'concatenate') ||
        (!cluster.startsWith('-') && /^[A-Za-z]*[cruA][A-Za-z]*$/.test(cluster));
      if (creates) {
        const file = option(args, 'f', 'file');
        if (file !== undefined) out.push(target(file));
        else if (!cluster.startsWith('-') && cluster.includes('f')) out.push(target(operands[1]));
      }
      break;
    }
    default:
      break;
  }
  return out.filter((item): item is WriteTarget => item !== undefined && item.path !== '');
}

/** The file `curl -O` or `wget` names after a URL: its last path segment. */
function remoteName(url: ShellWord, directory: WriteTarget | undefined): WriteTarget {
  const path = url.value.replace(/[?#].*$/, '').replace(/^[a-z]+:\/\/[^/]*/i, '');
  const base = path.split('/').pop() || 'index.html';
  const literal = url.literal && (directory?.literal ?? true);
  return directory === undefined
    ? { path: base, literal, tilde: false }
    : { path: `${directory.path}/${base}`, literal, tilde: directory.tilde };
}

/** Commands {@link writeTargets} reads. */
export const WRITING_COMMANDS: ReadonlySet<string> = new Set([
  'tee',
  'rm',
  'rmdir',
  'unlink',
  'shred',
  'truncate',
  'touch',
  'mkdir',
  'mkfifo',
  'sponge',
  'mknod',
  'chmod',
  'chown',
  'chgrp',
  'chattr',
  'setfacl',
  'cp',
  'mv',
  'install',
  'ln',
  'rsync',
  'dd',
  'sed',
  'perl',
  'ruby',
  'sort',
  'curl',
  'wget',
  'tar',
  'unzip',
]);
