import type { LineSink } from '../cli/transcript.js';
import type { WaterfallStyle } from './waterfall.js';

/** The width assumed off a terminal (a pipe, a file, CI logs) unless `COLUMNS` says otherwise. */
const DEFAULT_COLUMNS = 100;

/**
 * How to draw the waterfall on `sink`: its width, and block characters only on a terminal that
 * wants more than plain text — not with `NO_COLOR` set (no-color.org: any non-empty value) nor
 * with `TERM=dumb`. No ANSI colours either way: every CLI line goes through the printable sink,
 * which shows an escape sequence instead of obeying it.
 */
export function waterfallStyle(
  sink: Pick<LineSink, 'isTTY' | 'columns'>,
  env: NodeJS.ProcessEnv,
): WaterfallStyle {
  const plain = (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.TERM === 'dumb';
  const fromEnv = Number.parseInt(env.COLUMNS ?? '', 10);
  const columns =
    sink.isTTY === true && sink.columns !== undefined && sink.columns > 0
      ? sink.columns
      : Number.isSafeInteger(fromEnv) && fromEnv > 0
        ? fromEnv
        : DEFAULT_COLUMNS;
  return { columns, unicode: sink.isTTY === true && !plain };
}
