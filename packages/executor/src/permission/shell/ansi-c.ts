/**
 * Decodes the body of a bash ANSI-C string (`$'...'`, without the quotes): bash runs `$'\x72m'`
 * as `rm`, so a rule on `rm` must see it as `rm`.
 */
export function decodeAnsiC(body: string): string {
  return body.replace(ANSI_C_ESCAPE, decodeEscape);
}

/** The index of the quote closing a `$'...'` body that starts at `from`, or the text's length. */
export function ansiCEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && text.charCodeAt(index) !== SINGLE_QUOTE) {
    index += text.charCodeAt(index) === BACKSLASH ? 2 : 1;
  }
  return Math.min(index, text.length);
}

const SINGLE_QUOTE = 39;
const BACKSLASH = 92;

const ANSI_C_ESCAPE = /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c[\s\S]|[\s\S])/g;
const ANSI_C_SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

function decodeEscape(_match: string, sequence: string): string {
  const kind = sequence[0] as string;
  if (kind === 'x' || kind === 'u' || kind === 'U')
    return safeCodePoint(Number.parseInt(sequence.slice(1), 16));
  if (kind >= '0' && kind <= '7') return safeCodePoint(Number.parseInt(sequence, 8));
  if (kind === 'c' && sequence.length === 2) return String.fromCharCode(sequence.charCodeAt(1) & 0x1f);
  return Object.hasOwn(ANSI_C_SIMPLE, kind) ? (ANSI_C_SIMPLE[kind] as string) : kind;
}

function safeCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
