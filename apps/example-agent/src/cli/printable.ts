// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text safe to print on a terminal. Control characters (ANSI escapes above all) in tool output
 * or model text would be obeyed by the terminal, so an untrusted server could rewrite the
 * screen; they are shown as `\u001b`-style escapes instead. Tabs and newlines are kept.
 */
export function printable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
