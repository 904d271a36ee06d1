/**
 * Characters a preview must not carry raw: C0 controls except tab and newline, a carriage return
 * that does not end a CRLF (it lets a line overwrite itself on a terminal), DEL, C1 controls, and
 * lone surrogates. Tab, newline and CRLF stay: they are the layout of ordinary tool output.
 */
const UNSAFE_IN_PREVIEW =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` with every character a terminal, a log or a model's context should not be handed raw
 * written as a `\uXXXX` escape — the form `previewText` of `@toolwright/utils` uses — keeping
 * tab, newline and CRLF so that the preview keeps its lines. `previewText` itself would escape
 * those too, and cut the text; a preview of tool output needs neither.
 */
export function escapeForPreview(text: string): string {
  UNSAFE_IN_PREVIEW.lastIndex = 0;
  if (!UNSAFE_IN_PREVIEW.test(text)) return text;
  return text.replace(
    UNSAFE_IN_PREVIEW,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
