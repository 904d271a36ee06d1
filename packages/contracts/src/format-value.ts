import { previewText } from '@toolwright/utils';

const PREVIEW_LIMIT = 60;

/**
 * A short, single-line rendering of an offending value for error messages: strings quoted,
 * everything capped (with the shared `previewText`, so no control character and no half of a
 * surrogate pair gets through) so that a huge or hostile value cannot flood a message.
 */
export function formatValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    text = JSON.stringify(value);
  } else if (typeof value === 'function') {
    text = 'a function';
  } else if (typeof value === 'symbol' || typeof value === 'bigint') {
    text = String(value);
  } else if (value === undefined) {
    text = 'undefined';
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      // Cycles and other unserialisable values: name the type rather than fail the error.
      text = Object.prototype.toString.call(value);
    }
  }
  return previewText(text, PREVIEW_LIMIT);
}
