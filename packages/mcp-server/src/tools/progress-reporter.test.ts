import { describe, expect, it } from 'vitest';
import { ProgressReporter } from './progress-reporter.js';

describe('ProgressReporter', () => {
  it('sends increasing progress only, counting up for updates without a number', async () => {
    const sent: unknown[] = [];
    const reporter = new ProgressReporter(
      't',
      async (notice) => void sent.push(notice),
      () => {},
    );
    reporter.report({ message: 'start', progress: 0, total: 10 });
    reporter.report({ message: 'again', progress: 0 });
    reporter.report({ message: 'no number' });
    reporter.report({ message: 'back', progress: 0.5 });
    reporter.report({ message: '', progress: 7 });
    await reporter.flush();
    expect(sent).toEqual([
      { progressToken: 't', progress: 0, total: 10, message: 'start' },
      { progressToken: 't', progress: 1, message: 'no number' },
      { progressToken: 't', progress: 7 },
    ]);
  });
});
