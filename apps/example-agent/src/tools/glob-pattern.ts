import { RE2JS } from 're2js';
import { expandBraces } from './glob-braces.js';

/** A compiled glob. */
export interface GlobMatcher {
  /** True when the whole `/`-separated relative path matches. */
  test(path: string): boolean;
}

/** A segment matching any name that does not start with a dot (what `*` and `**` may match). */
const NON_DOT_SEGMENT = '[^/.][^/]*';
/** An expression that matches nothing (an empty RE2 class is refused, so: any char and no char). */
const NOTHING = '[^\\x00-\\x{10FFFF}]';

type Token =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'star' }
  | { readonly kind: 'any-one' }
  | { readonly kind: 'class'; readonly body: string; readonly negated: boolean };

/**
 * Compiles a glob into a matcher over `/`-separated relative paths, with the semantics users
 * know from picomatch (and so from most JavaScript tools): `*` and `?` stay within a segment,
 * `**` alone in a segment crosses directories, `[abc]`/`[!a]` classes, `{a,b}` alternatives (a
 * single `{a}` is literal), `\` escapes the next character (`\*.ts` is the file named `*.ts`), a
 * leading `!` negates, and — as in picomatch by default — a name starting with a dot is matched
 * only by a segment that starts with a literal dot (`*` does not match `.env`; `.*` does).
 * Extended globs (`+(a|b)`) are not supported and match literally.
 *
 * The expression runs on RE2: a model's glob such as `**` repeated many times would make a
 * backtracking engine try every way to split a deep path, while RE2 stays linear in its length.
 */
export function compileGlob(glob: string): GlobMatcher {
  const negated = glob.startsWith('!') && !glob.startsWith('!(');
  // A leading `./` names the directory searched, as in picomatch: `./src/*.ts` is `src/*.ts`.
  const body = (negated ? glob.slice(1) : glob).replace(/^(?:\.\/)+/, '');
  const alternatives = expandBraces(body).map(alternativeSource);
  const expression = RE2JS.compile(`(?:${alternatives.join('|')})`);
  return { test: (path) => expression.matches(path) !== negated };
}

/** The expression of one brace-free alternative: its segments joined by `/`, with `**` handled. */
function alternativeSource(glob: string): string {
  // `**/**` crosses directories exactly as `**` does.
  const segments = splitSegments(glob).filter(
    (segment, index, all) => !(segment === '**' && all[index - 1] === '**'),
  );
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // `a/**` matches `a` and everything below it; `**/b` and `a/**/b` cross zero or more directories.
      if (last)
        source += index === 0 ? `${NON_DOT_SEGMENT}(?:/${NON_DOT_SEGMENT})*` : `(?:/${NON_DOT_SEGMENT})*`;
      else source += `${index === 0 ? '' : '/'}(?:${NON_DOT_SEGMENT}/)*`;
      return;
    }
    const afterGlobstar = index > 0 && segments[index - 1] === '**';
    if (index > 0 && !afterGlobstar) source += '/';
    source += segmentSource(tokenize(segment));
  });
  return source;
}

/** Splits on `/` that is not escaped. */
function splitSegments(glob: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] as string;
    if (char === '\\' && index + 1 < glob.length) {
      current += char + (glob[index + 1] as string);
      index += 1;
    } else if (char === '/') {
      segments.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment[index] as string;
    if (char === '\\' && index + 1 < segment.length) {
      tokens.push({ kind: 'literal', text: segment[index + 1] as string });
      index += 1;
    } else if (char === '*') {
      // `**` inside a segment is a plain `*`: consecutive stars collapse.
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'any-one' });
    } else if (char === '[') {
      const negated = segment[index + 1] === '!' || segment[index + 1] === '^';
      const start = index + (negated ? 2 : 1);
      const close = segment.indexOf(']', start + 1);
      if (close === -1) {
        tokens.push({ kind: 'literal', text: char });
      } else {
        tokens.push({ kind: 'class', body: segment.slice(start, close), negated });
        index = close;
      }
    } else {
      tokens.push({ kind: 'literal', text: char });
    }
  }
  return tokens;
}

/** A segment's expression: a name starting with a dot only when the segment starts with a literal dot. */
function segmentSource(tokens: readonly Token[]): string {
  const first = tokens[0];
  if (first?.kind === 'literal' && first.text === '.') return plainSource(tokens, 0);
  return noLeadingDotSource(tokens, 0);
}

/** Tokens from `start`, whatever the first character. */
function plainSource(tokens: readonly Token[], start: number): string {
  let source = '';
  for (let index = start; index < tokens.length; index += 1) source += tokenSource(tokens[index] as Token);
  return source;
}

/**
 * Tokens from `start`, where the first character matched must not be a dot. `afterStar` is set
 * once a leading `*` has matched nothing: as in picomatch, a segment that starts with `*` never
 * matches a dotfile, so even a class that follows may not supply the leading dot there
 * (`*[.a]x` does not match `.x`, while `[.a]x` does).
 */
function noLeadingDotSource(tokens: readonly Token[], start: number, afterStar = false): string {
  const token = tokens[start];
  if (token === undefined) return '';
  const rest = plainSource(tokens, start + 1);
  switch (token.kind) {
    case 'literal':
      return token.text === '.' ? NOTHING : escapeLiteral(token.text) + rest;
    case 'any-one':
      return `[^/.]${rest}`;
    case 'class':
      // A class may match a leading dot, as in picomatch (`[.a]x` matches `.x`, and so does `[^a]x`).
      return (afterStar ? classSourceWithoutDot(token) : tokenSource(token)) + rest;
    case 'star': {
      // Either the star takes a first character that is not a dot, or it matches nothing and
      // whatever follows must not start with a dot.
      const empty = start + 1 < tokens.length ? noLeadingDotSource(tokens, start + 1, true) : NOTHING;
      return `(?:[^/.][^/]*${rest}|${empty})`;
    }
  }
}

function tokenSource(token: Token): string {
  switch (token.kind) {
    case 'literal':
      return escapeLiteral(token.text);
    case 'star':
      return '[^/]*';
    case 'any-one':
      return '[^/]';
    case 'class':
      return token.negated ? `[^${escapeClassBody(token.body)}/]` : `[${escapeClassBody(token.body)}]`;
  }
}

/** A class that matches what `token` matches except a dot (RE2 has no class subtraction). */
function classSourceWithoutDot(token: Extract<Token, { kind: 'class' }>): string {
  if (token.negated) return `[^${escapeClassBody(token.body)}./]`;
  const DOT = 0x2e;
  const ranges = classRanges(token.body).flatMap(([low, high]) =>
    low <= DOT && DOT <= high
      ? (
          [
            [low, DOT - 1],
            [DOT + 1, high],
          ] as const
        ).filter(([from, to]) => from <= to)
      : [[low, high] as const],
  );
  if (ranges.length === 0) return NOTHING;
  const hex = (code: number) => `\\x{${code.toString(16)}}`;
  return `[${ranges.map(([low, high]) => (low === high ? hex(low) : `${hex(low)}-${hex(high)}`)).join('')}]`;
}

/** The code point ranges of a class body: `a-z` is a range, a `-` first or last is itself. */
function classRanges(body: string): Array<readonly [number, number]> {
  const chars = [...body];
  const ranges: Array<readonly [number, number]> = [];
  for (let index = 0; index < chars.length; index += 1) {
    const low = (chars[index] as string).codePointAt(0) as number;
    if (chars[index + 1] === '-' && index + 2 < chars.length) {
      ranges.push([low, (chars[index + 2] as string).codePointAt(0) as number]);
      index += 2;
    } else {
      ranges.push([low, low]);
    }
  }
  return ranges;
}

function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function escapeClassBody(body: string): string {
  return body.replace(/[\\\]^[]/g, '\\$&');
}
