import { join } from 'node:path';
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { tracedExecutor } from '../test-support/telemetry-executor.js';
import { registerTestTelemetry, type TestTelemetry } from '../test-support/telemetry-sdk.js';
import { RunLog, timedTool } from '../test-support/tools.js';

let telemetry: TestTelemetry;
beforeEach(() => {
  telemetry = registerTestTelemetry();
});
afterEach(() => telemetry.shutdown());

/** Each data point as `value by attributes`, for a metric whose points are plain numbers. */
async function sums(name: string): Promise<Array<[Record<string, unknown>, number]>> {
  return (await telemetry.points(name)).map((point) => [point.attributes, point.value as number]);
}

it('counts durations by tool and outcome, errors by type, decisions by outcome, stored bytes', async () => {
  const root = makeTempDir('executor-telemetry');
  const log = new RunLog();
  const read = timedTool({ name: 'Read', log, durationMs: 20, isConcurrencySafe: true });
  const big = timedTool({
    name: 'Big',
    log,
    durationMs: 0,
    isConcurrencySafe: true,
    run: async () => ({ llmContent: 'z'.repeat(5_000) }),
  });
  const executor = tracedExecutor([read, big], {
    workspaceRoot: root,
    permissions: new PermissionPolicy({ workspaceRoot: root, deny: ['Read(secret/**)'] }),
    artifactSink: new SessionArtifactStore({ root: join(root, 'state'), namespace: 'm', sessionId: 's' }),
    spillThresholdBytes: 1024,
  });
  await executor.executeBatch([
    { id: 'ok1', name: 'Read', arguments: { label: 'a' } },
    { id: 'ok2', name: 'Read', arguments: { label: 'b' } },
    { id: 'bad', name: 'Read', arguments: {} },
    { id: 'deny', name: 'Read', arguments: { label: 'c', path: join(root, 'secret/key.txt') } },
    { id: 'big', name: 'Big', arguments: { label: 'd' } },
  ]);

  const durations = await telemetry.points('toolwright.tool.call.duration');
  const readSuccess = durations.find(
    (point) =>
      point.attributes['gen_ai.tool.name'] === 'Read' &&
      point.attributes['toolwright.call.outcome'] === 'success',
  );
  const histogram = readSuccess?.value as { count: number; sum: number } | undefined;
  expect(histogram?.count).toBe(2);
  // Seconds: two calls of at least 20 ms each, well under a second.
  expect(histogram?.sum).toBeGreaterThanOrEqual(0.038);
  expect(histogram?.sum).toBeLessThan(1);
  expect(durations.map((point) => point.attributes['toolwright.call.outcome']).sort()).toEqual([
    'denied',
    'invalid',
    'success',
    'success',
  ]);

  expect(await sums('toolwright.tool.call.errors')).toEqual(
    expect.arrayContaining([
      [{ 'gen_ai.tool.name': 'Read', 'error.type': 'invalid' }, 1],
      [{ 'gen_ai.tool.name': 'Read', 'error.type': 'denied' }, 1],
    ]),
  );
  expect(await sums('toolwright.tool.call.errors')).toHaveLength(2);
  // The invalid call never reached the policy.
  expect(await sums('toolwright.permission.decisions')).toEqual(
    expect.arrayContaining([
      [{ 'gen_ai.tool.name': 'Read', 'toolwright.permission.outcome': 'allow' }, 2],
      [{ 'gen_ai.tool.name': 'Read', 'toolwright.permission.outcome': 'deny' }, 1],
      [{ 'gen_ai.tool.name': 'Big', 'toolwright.permission.outcome': 'allow' }, 1],
    ]),
  );
  expect(await sums('toolwright.artifact.bytes_written')).toEqual([[{ 'gen_ai.tool.name': 'Big' }, 5_000]]);
});

it('reaches a meter provider registered after the executor was made', async () => {
  const read = timedTool({ name: 'Read', log: new RunLog(), durationMs: 0, isConcurrencySafe: true });
  await telemetry.shutdown();
  const executor = tracedExecutor([read]);
  await executor.executeBatch([{ id: 'before', name: 'Read', arguments: { label: 'a' } }]);
  telemetry = registerTestTelemetry();
  await executor.executeBatch([{ id: 'after', name: 'Read', arguments: { label: 'b' } }]);
  const points = await telemetry.points('toolwright.tool.call.duration');
  expect(points.map((point) => (point.value as { count: number }).count)).toEqual([1]);
  expect(telemetry.spans().map((span) => span.attributes['gen_ai.tool.call.id'])).toEqual(['after']);
});

it('reaches a tracer provider registered after the executor was made, with no meter provider', async () => {
  const read = timedTool({ name: 'Read', log: new RunLog(), durationMs: 0, isConcurrencySafe: true });
  await telemetry.shutdown();
  const executor = tracedExecutor([read]);
  await executor.executeBatch([{ id: 'before', name: 'Read', arguments: { label: 'a' } }]);
  // Tracing alone, as a host that exports no metrics registers it: the API's global tracer
  // provider is the same proxy object before and after, only its delegate changes.
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  try {
    await executor.executeBatch([{ id: 'after', name: 'Read', arguments: { label: 'b' } }]);
    expect(exporter.getFinishedSpans().map((span) => span.attributes['gen_ai.tool.call.id'])).toEqual([
      'after',
    ]);
  } finally {
    await provider.shutdown();
    trace.disable();
  }
});

it('keeps every tool apart past the tools it remembers attribute sets for', async () => {
  const read = timedTool({ name: 'Read', log: new RunLog(), durationMs: 0, isConcurrencySafe: true });
  const executor = tracedExecutor([read]);
  // A model may name any tool: more unknown names than the executor keeps sets for (256).
  const missing = Array.from({ length: 300 }, (_, index) => `Missing${index}`);
  await executor.executeBatch([
    { id: 'first', name: 'Read', arguments: { label: 'a' } },
    ...missing.map((name, index) => ({ id: `m${index}`, name, arguments: {} })),
    { id: 'last', name: 'Read', arguments: { label: 'b' } },
  ]);
  const errors = await sums('toolwright.tool.call.errors');
  expect(errors).toHaveLength(300);
  expect(new Set(errors.map(([attributes]) => attributes['gen_ai.tool.name']))).toEqual(new Set(missing));
  for (const [attributes, count] of errors) {
    expect(attributes['error.type']).toBe('not_found');
    expect(count).toBe(1);
  }
  const durations = await telemetry.points('toolwright.tool.call.duration');
  const readPoints = durations.filter((point) => point.attributes['gen_ai.tool.name'] === 'Read');
  expect(readPoints.map((point) => [point.attributes, (point.value as { count: number }).count])).toEqual([
    [{ 'gen_ai.tool.name': 'Read', 'toolwright.call.outcome': 'success' }, 2],
  ]);
  expect(durations).toHaveLength(301);
});
