/**
 * Resolves once `condition()` holds, checking it every `intervalMs` (10 ms by default). There
 * is no deadline of its own: how long a real server or process takes depends on how busy the
 * machine is, and a verdict must not. A condition that never holds is ended by the test's own
 * time limit, which names the test.
 */
export async function waitFor(
  condition: () => boolean,
  options: { intervalMs?: number } = {},
): Promise<void> {
  // An options object, not a bare number: `waitFor(ready, 15_000)` read as a deadline and
  // polled every 15 s; a number is now a type error.
  const intervalMs = options.intervalMs ?? 10;
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
