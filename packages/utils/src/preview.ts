import { escapeHiddenCharacters } from './terminal-text.js';

/** Longest preview of a received value in a message, by default. */
export const DEFAULT_PREVIEW_LENGTH = 48;

// C0 and C1 controls (tab and newline included), DEL, and lone surrogates: nothing a terminal
// or a log should be handed raw.
const UNSAFE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Space to tilde: no control, surrogate, bidirectional or invisible character among them. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * `text` cut to `maxLength` characters with `…`, its control characters, lone surrogates,
 * bidirectional controls and invisible format characters written as `\uXXXX` escapes, and never
 * split inside a surrogate pair: safe to print.
 */
export function previewText(text: string, maxLength = DEFAULT_PREVIEW_LENGTH): string {
  // Most previews are short printable ASCII (names, paths, messages), where there is nothing to
  // cut or escape: one anchored test instead of the cut and two replacing passes.
  if (text.length <= maxLength && PRINTABLE_ASCII.test(text)) return text;
  let cut = text.length <= maxLength ? text : text.slice(0, Math.max(0, maxLength - 1));
  if (cut.length < text.length && /[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const escaped = cut.replace(
    UNSAFE_CHARACTERS,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // Bidirectional and invisible format characters too: a preview must show what is there.
  const visible = escapeHiddenCharacters(escaped);
  return cut.length < text.length ? `${visible}…` : visible;
}

/**
 * The one short, bounded description of a received value for messages: its type and a capped
 * preview (`nothing` for `undefined`, `string "abc"`, `integer 42`, `number NaN`, `bigint 7`,
 * `boolean true`, `symbol Symbol(id)`, `function onEvent`, `array of 3 items`,
 * `object {a, b, …}`, `object Map {}` for an instance of a class). It never walks more than the
 * first few keys of an object and never descends into one, so it is safe on any input size and on
 * cycles; it calls no getter, `toString` or `toJSON` of the value.
 */
export function previewValue(value: unknown, maxLength = DEFAULT_PREVIEW_LENGTH): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return `string "${previewText(value, maxLength)}"`;
    case 'number':
      return Number.isInteger(value) ? `integer ${value}` : `number ${value}`;
    case 'bigint':
      return `bigint ${previewText(String(value), maxLength)}`;
    case 'boolean':
      return `boolean ${value}`;
    case 'symbol':
      return `symbol ${previewText(value.toString(), maxLength)}`;
    case 'function': {
      const name = functionName(value);
      return name === '' ? 'function' : `function ${previewText(name, maxLength)}`;
    }
    default:
      try {
        return previewObject(value as object);
      } catch {
        // A proxy's traps may throw, a revoked proxy always does: a message must still be made.
        return 'object';
      }
  }
}

function previewObject(value: object): string {
  if (Array.isArray(value)) return `array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const keys: string[] = [];
  // for...in stops early; Object.keys would materialise every key of a huge object.
  for (const key in value) {
    if (keys.length === 4) {
      keys.push('…');
      break;
    }
    keys.push(previewText(key, 16));
  }
  const className = classNameOf(value);
  return `object ${className === undefined ? '' : `${previewText(className, 32)} `}{${keys.join(', ')}}`;
}

/** The class of an instance (`Map`, `Date`), or `undefined` for a plain or prototype-less object. */
function classNameOf(value: object): string | undefined {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null || prototype === Object.prototype) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'constructor');
  const name = typeof descriptor?.value === 'function' ? functionName(descriptor.value) : '';
  return name === '' ? undefined : name;
}

/** A function's own `name` data property, never a getter's result. */
function functionName(value: object): string {
  try {
    const descriptor = Object.getOwnPropertyDescriptor(value, 'name');
    return typeof descriptor?.value === 'string' ? descriptor.value : '';
  } catch {
    // A proxied function's trap may throw: it is then shown without its name.
    return '';
  }
}
