/**
 * One server-sent event as the providers write it: an optional `event:` line, then the JSON
 * `data:` line, then a blank line. `lineEnd` is `\r\n` for Gemini, which ends its lines so.
 */
export function sseFrame(data: unknown, options: { event?: string; lineEnd?: string } = {}): string {
  const lineEnd = options.lineEnd ?? '\n';
  const eventLine = options.event === undefined ? '' : `event: ${options.event}${lineEnd}`;
  return `${eventLine}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${lineEnd}${lineEnd}`;
}
