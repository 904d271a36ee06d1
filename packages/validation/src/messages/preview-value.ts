/** Longest preview of a received value that goes into a message. */
export const MAX_PREVIEW_LENGTH = 48;

function truncate(text: string, maxLength: number): string {
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

/**
 * A short, bounded description of a value a model sent: its JSON type and a capped preview.
 * It never walks more than the first few keys, so it is safe on any input size.
 */
export function previewValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return `string ${truncate(JSON.stringify(truncate(value, MAX_PREVIEW_LENGTH)), MAX_PREVIEW_LENGTH + 4)}`;
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
        keys.push(truncate(key, 16));
      }
      return `object {${keys.join(', ')}}`;
    }
    default:
      return typeof value;
  }
}
