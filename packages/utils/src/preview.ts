import { escapeHiddenCharacters } from './terminal-text.js';

/** Longest preview of a received value in a message, by default. */
export const DEFAULT_PREVIEW_LENGTH = 48;

// C0 and C1 controls (tab and newline included), DEL, and lone surrogates: nothing a terminal
// or a log should be handed raw.
const UNSAFE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` cut to `maxLength` characters with `…`, its control characters, lone surrogates,
 * bidirectional controls and invisible format characters written as `\uXXXX` escapes, and never
 * split inside a surrogate pair: safe to print.
 */
export function previewText(text: string, maxLength = DEFAULT_PREVIEW_LENGTH): string {
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
 * A short, bounded description of a value: its JSON type and a capped preview (`string "abc"`,
 * `integer 42`, `array of 3 items`, `object {a, b, …}`). It never walks more than the first few
 * keys, so it is safe on any input size.
 */
export function previewValue(value: unknown, maxLength = DEFAULT_PREVIEW_LENGTH): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return `string "${previewText(value, maxLength)}"`;
    case 'number':
      return Number.isInteger(value) ? `integer ${value}` : `number ${value}`;
    case 'boolean':
      return `boolean ${value}`;
    case 'object': {
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
      return `object {${keys.join(', ')}}`;
    }
    default:
      return typeof value;
  }
}
