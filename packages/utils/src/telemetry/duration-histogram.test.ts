import * as api from '@opentelemetry/api';
import { startInMemoryTelemetry } from '@toolwright/test-support/otlp';
import { afterEach, expect, it } from 'vitest';
import { MCP_DURATION_BUCKETS_SECONDS, recordDuration } from './duration-histogram.js';

const HISTOGRAM = {
  scope: 'duration-histogram-test',
  name: 'test.operation.duration',
  description: 'A test.',
};

afterEach(() => {
  api.metrics.disable();
});

it('records on the meter provider registered now, also one registered after the first record', async () => {
  // No provider yet: the API's no-op takes it.
  recordDuration(api, HISTOGRAM, 9, { phase: 'before' });
  const first = startInMemoryTelemetry();
  recordDuration(api, HISTOGRAM, 0.25, { phase: 'first' });
  recordDuration(api, HISTOGRAM, 0.75, { phase: 'first' });
  expect(await first.histogram(HISTOGRAM.name)).toEqual([
    { attributes: { phase: 'first' }, count: 2, sum: 1 },
  ]);
  const boundaries = (await first.points(HISTOGRAM.name)).map(
    (point) => (point.value as { buckets: { boundaries: number[] } }).buckets.boundaries,
  );
  expect(boundaries).toEqual([MCP_DURATION_BUCKETS_SECONDS]);
  await first.stop();

  // Another host registers another provider: its records go there, none to the first.
  const second = startInMemoryTelemetry();
  recordDuration(api, HISTOGRAM, 2, { phase: 'second' });
  expect(await second.histogram(HISTOGRAM.name)).toEqual([
    { attributes: { phase: 'second' }, count: 1, sum: 2 },
  ]);
  await second.stop();
});
