import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('resolves at once when the condition already holds, without waiting a turn', async () => {
    let checks = 0;
    await waitFor(() => {
      checks += 1;
      return true;
    });
    expect(checks).toBe(1);
  });

  it('checks again after each interval until the condition holds, counted, not timed', async () => {
    let checks = 0;
    await waitFor(
      () => {
        checks += 1;
        return checks === 5;
      },
      { intervalMs: 1 },
    );
    expect(checks).toBe(5);
  });
});
