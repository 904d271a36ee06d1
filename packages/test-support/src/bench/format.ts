// Figures for a human, and the one report line with its target and verdict.

/**
 * Three significant figures, trailing zeros dropped (`3.41`, `34.5`, `345`, `4`): enough to
 * compare two figures from a noisy machine, without digits the noise makes up.
 */
function threeFigures(value: number): string {
  const size = Math.abs(value);
  return String(Number(value.toFixed(size >= 100 ? 0 : size >= 10 ? 1 : 2)));
}

/** `812 ns`, `3.41 µs`, `-12.6 ms`, `16.4 s`: the unit chosen by size, so a negative difference reads alike. */
export function formatNanos(nanos: number): string {
  const size = Math.abs(nanos);
  if (size >= 1e9) return `${threeFigures(nanos / 1e9)} s`;
  if (size >= 1e6) return `${threeFigures(nanos / 1e6)} ms`;
  if (size >= 1e3) return `${threeFigures(nanos / 1e3)} µs`;
  return `${nanos.toFixed(0)} ns`;
}

/** `583 ms`, `812 µs`: milliseconds (from `performance.now()`) for a human. */
export function formatMillis(milliseconds: number): string {
  return formatNanos(milliseconds * 1e6);
}

/** `+12.3 µs`, `-0.4 ms`: a difference, signed either way. */
export function formatDifference(nanos: number): string {
  return `${nanos >= 0 ? '+' : ''}${formatNanos(nanos)}`;
}

/** `512 B`, `4 KiB`, `3.9 MiB`: binary units, as heap and file sizes are counted. */
export function formatBytes(bytes: number): string {
  const size = Math.abs(bytes);
  if (size >= 1024 ** 2) return `${threeFigures(bytes / 1024 ** 2)} MiB`;
  if (size >= 1024) return `${threeFigures(bytes / 1024)} KiB`;
  return `${bytes.toFixed(0)} B`;
}

/**
 * `figure (target …) PASS`, or FAIL: a bench that misses a target says so and runs on, since a
 * benchmark on a shared machine is a measurement, not a test that fails.
 */
export function targetLine(figure: string, target: string, pass: boolean): string {
  return `${figure} (target ${target}) ${pass ? 'PASS' : 'FAIL'}`;
}

/** Prints {@link targetLine}. */
export function report(figure: string, target: string, pass: boolean): void {
  console.log(targetLine(figure, target, pass));
}
