/**
 * Why fetch could not send an HTTP header, or `undefined` when it can. Checked when the
 * configuration is read, so the error names the server and the header; fetch itself only says
 * "Cannot convert argument to a ByteString" at connect time. The value is never quoted (it is
 * often a credential): only the position of the first character that cannot go.
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!HEADER_NAME.test(name)) {
    return `header name ${JSON.stringify(name)} is not accepted; a header name is 1 or more of a-z A-Z 0-9 and ${NAME_SYMBOLS}`;
  }
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const problem =
      code > 0xff
        ? 'a character beyond Latin-1'
        : (code < 0x20 && code !== 0x09) || code === 0x7f
          ? 'a control character (such as CR or LF)'
          : undefined;
    if (problem !== undefined) {
      return `the value of header "${name}" has ${problem} at position ${index + 1}; header values accept visible ASCII, spaces, tabs and Latin-1 (U+00A0 to U+00FF) only (the value is not shown)`;
    }
  }
  return undefined;
}

/** The `token` characters of RFC 9110: what fetch accepts in a header name. */
const NAME_SYMBOLS = "! # $ % & ' * + - . ^ _ ` | ~";
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/;
