/** The most words one brace-expanded word may become before it counts as unreadable. */
export const MAX_BRACE_WORDS = 64;

/**
 * Bash's brace expansion of one word whose only expansion is braces: `r{m,}` is `rm r`,
 * `{rm,x}` is `rm x`, `a{1..3}` is `a1 a2 a3`. `quoting` marks each character of `value` as
 * quoted (`'q'`) or not (`'u'`): only unquoted braces expand. `undefined` when the result would
 * be more than {@link MAX_BRACE_WORDS} words.
 */
export function expandBraces(value: string, quoting: string): string[] | undefined {
  if (value.length > MAX_BRACE_LENGTH) return undefined;
  const out: string[] = [];
  return expandInto(value, quoting, out, 0) ? out : undefined;
}

/** Longer words are not expanded (finding groups is quadratic in the length). */
const MAX_BRACE_LENGTH = 4096;
/** Each group gives at least two words: past this many nested expansions the result is too long anyway. */
const MAX_GROUPS = 16;

function expandInto(value: string, quoting: string, out: string[], groups: number): boolean {
  if (groups > MAX_GROUPS) return false;
  const group = firstGroup(value, quoting);
  if (group === undefined) {
    if (out.length >= MAX_BRACE_WORDS) return false;
    out.push(value);
    return true;
  }
  const prefix = value.slice(0, group.open);
  const prefixQuoting = quoting.slice(0, group.open);
  const suffix = value.slice(group.close + 1);
  const suffixQuoting = quoting.slice(group.close + 1);
  for (const alternative of group.alternatives) {
    const ok = expandInto(
      prefix + alternative.value + suffix,
      prefixQuoting + alternative.quoting + suffixQuoting,
      out,
      groups + 1,
    );
    if (!ok) return false;
  }
  return true;
}

interface Alternative {
  readonly value: string;
  readonly quoting: string;
}

interface Group {
  readonly open: number;
  readonly close: number;
  readonly alternatives: readonly Alternative[];
}

/** The first unquoted `{...}` that expands, with its alternatives. */
function firstGroup(value: string, quoting: string): Group | undefined {
  for (let open = 0; open < value.length; open += 1) {
    if (value[open] !== '{' || quoting[open] !== 'u') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let index = open; index < value.length; index += 1) {
      if (quoting[index] !== 'u') continue;
      const character = value[index];
      if (character === '{') depth += 1;
      else if (character === ',' && depth === 1) commas.push(index);
      else if (character === '}') {
        depth -= 1;
        if (depth > 0) continue;
        const inner = value.slice(open + 1, index);
        if (commas.length > 0) {
          const bounds = [open, ...commas, index];
          const alternatives: Alternative[] = [];
          for (let at = 0; at + 1 < bounds.length; at += 1) {
            const from = (bounds[at] as number) + 1;
            const to = bounds[at + 1] as number;
            alternatives.push({ value: value.slice(from, to), quoting: quoting.slice(from, to) });
          }
          return { open, close: index, alternatives };
        }
        const sequence = readSequence(inner);
        if (sequence !== undefined) {
          return {
            open,
            close: index,
            alternatives: sequence.map((item) => ({ value: item, quoting: 'q'.repeat(item.length) })),
          };
        }
        break;
      }
    }
  }
  return undefined;
}

/** `1..3`, `a..e`, `10..1..3`: the items, or `undefined` (not a sequence, or too long). */
function readSequence(inner: string): string[] | undefined {
  const numbers = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(inner);
  if (numbers !== null) {
    const from = Number(numbers[1]);
    const to = Number(numbers[2]);
    const step = Math.abs(Number(numbers[3] ?? 1)) || 1;
    if (Math.abs(to - from) / step >= MAX_BRACE_WORDS) return undefined;
    const items: string[] = [];
    for (let item = from; from <= to ? item <= to : item >= to; item += from <= to ? step : -step) {
      items.push(String(item));
    }
    return items;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(inner);
  if (letters !== null) {
    const from = (letters[1] as string).charCodeAt(0);
    const to = (letters[2] as string).charCodeAt(0);
    const items: string[] = [];
    for (let code = from; from <= to ? code <= to : code >= to; code += from <= to ? 1 : -1) {
      items.push(String.fromCharCode(code));
    }
    return items;
  }
  return undefined;
}
