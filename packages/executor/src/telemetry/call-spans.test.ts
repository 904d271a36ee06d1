import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { eventsOf, tracedExecutor } from '../test-support/telemetry-executor.js';
import { registerTestTelemetry, type TestTelemetry } from '../test-support/telemetry-sdk.js';
import { RunLog, timedTool } from '../test-support/tools.js';

let telemetry: TestTelemetry;
beforeEach(() => {
  telemetry = registerTestTelemetry();
});
afterEach(() => telemetry.shutdown());

const read = () => timedTool({ name: 'Read', log: new RunLog(), durationMs: 0, isConcurrencySafe: true });

/** A tool that throws `errors` (one per attempt) before it succeeds. */
function flakyTool(errors: Error[], isRetrySafe = true) {
  let attempt = 0;
  return createTool({
    name: 'Fetch',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ url: Type.String() }),
    description: 'Fetches a URL.',
    isConcurrencySafe: true,
    isRetrySafe,
    async execute() {
      const error = errors[attempt];
      attempt += 1;
      if (error !== undefined) throw error;
      return ToolResults.success('fetched');
    },
  });
}

function codedError(code: string): Error {
  return Object.assign(new Error(`failed (${code})`), { code });
}

describe('the execute_tool span of a call', () => {
  it('names the call by the GenAI conventions and ends with its outcome', async () => {
    const [executed] = await tracedExecutor([read()]).executeBatch([
      { id: 'call-1', name: 'Read', arguments: { label: 'a' } },
    ]);
    expect(executed?.status).toBe('success');
    const span = telemetry.span('execute_tool Read');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'Read',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.type': 'function',
      'toolwright.tool.kind': 'read-only',
      'toolwright.call.pre_started': false,
      'toolwright.call.outcome': 'success',
      'toolwright.call.attempts': 1,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    // Arguments valid as sent make no validation event; the decision makes one.
    expect(eventsOf(span)).toEqual([['toolwright.permission', { 'toolwright.permission.outcome': 'allow' }]]);
  });

  it('marks an MCP server tool as an extension, with its server', async () => {
    const mcp = createTool({
      name: 'mcp__docs__search',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ query: Type.String() }),
      description: 'Searches the docs.',
      source: { type: 'mcp', server: 'docs', toolName: 'search', fingerprint: 'f'.repeat(64) },
      execute: async () => ToolResults.success('found'),
    });
    const root = makeTempDir('executor-telemetry');
    await tracedExecutor([mcp], {
      workspaceRoot: root,
      permissions: new PermissionPolicy({ workspaceRoot: root, trustedMcpServers: ['docs'] }),
    }).executeBatch([{ id: 'm1', name: 'mcp__docs__search', arguments: { query: 'spans' } }]);
    expect(telemetry.span('execute_tool mcp__docs__search').attributes).toMatchObject({
      'gen_ai.tool.type': 'extension',
      'toolwright.mcp.server.name': 'docs',
    });
  });

  it('records the coercions validation made, by kind and place, never the values', async () => {
    const list = createTool({
      name: 'List',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ limit: Type.Integer() }),
      description: 'Lists.',
      execute: async () => ToolResults.success('listed'),
    });
    await tracedExecutor([list]).executeBatch([{ id: 'l1', name: 'List', arguments: { limit: '5' } }]);
    const [validation] = eventsOf(telemetry.span('execute_tool List'));
    expect(validation).toEqual([
      'toolwright.validation',
      { 'toolwright.validation.coercions': ['string-to-integer at /limit'] },
    ]);
  });

  it('on invalid arguments: outcome and error.type invalid, the code and the issue places, no value', async () => {
    await tracedExecutor([read()]).executeBatch([
      { id: 'bad', name: 'Read', arguments: { label: 'secret-value', path: 42 } },
    ]);
    const span = telemetry.span('execute_tool Read');
    expect(span.attributes).toMatchObject({ 'toolwright.call.outcome': 'invalid', 'error.type': 'invalid' });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(eventsOf(span)).toEqual([
      [
        'toolwright.validation',
        { 'error.type': 'validation_failed', 'toolwright.validation.issues': ['type at /path'] },
      ],
    ]);
    expect(JSON.stringify([span.attributes, span.events])).not.toContain('secret-value');
  });

  it('on a denial: the rule and outcome of the decision, error.type denied', async () => {
    const root = makeTempDir('executor-telemetry');
    await tracedExecutor([read()], {
      workspaceRoot: root,
      permissions: new PermissionPolicy({ workspaceRoot: root, deny: ['Read'] }),
    }).executeBatch([{ id: 'd1', name: 'Read', arguments: { label: 'a' } }]);
    const span = telemetry.span('execute_tool Read');
    expect(span.attributes).toMatchObject({ 'toolwright.call.outcome': 'denied', 'error.type': 'denied' });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(eventsOf(span).at(-1)).toEqual([
      'toolwright.permission',
      { 'toolwright.permission.outcome': 'deny', 'toolwright.permission.rule': 'Read' },
    ]);
  });

  it('on a timeout: outcome and error.type timeout', async () => {
    const slow = timedTool({ name: 'Slow', log: new RunLog(), durationMs: 2_000, isConcurrencySafe: true });
    await tracedExecutor([slow], { timeoutMs: 20, timeoutGraceMs: 20 }).executeBatch([
      { id: 't1', name: 'Slow', arguments: { label: 'a' } },
    ]);
    const span = telemetry.span('execute_tool Slow');
    expect(span.attributes).toMatchObject({
      'toolwright.call.outcome': 'timeout',
      'error.type': 'timeout',
      'toolwright.call.attempts': 1,
    });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('records each retry as an event with the attempt, the delay and the error code', async () => {
    const tool = flakyTool([codedError('EBUSY'), codedError('EAGAIN')]);
    const [executed] = await tracedExecutor([tool], {
      retry: { maxAttempts: 3, initialDelayMs: 4, maxDelayMs: 8 },
    }).executeBatch([{ id: 'f1', name: 'Fetch', arguments: { url: 'https://example.com' } }]);
    expect(executed?.status).toBe('success');
    const span = telemetry.span('execute_tool Fetch');
    expect(span.attributes).toMatchObject({
      'toolwright.call.outcome': 'success',
      'toolwright.call.attempts': 3,
    });
    // The backoff doubles from 4 ms; the delay is in seconds.
    expect(eventsOf(span).filter(([name]) => name === 'toolwright.retry')).toEqual([
      [
        'toolwright.retry',
        { 'toolwright.retry.attempt': 1, 'toolwright.retry.delay': 0.004, 'error.type': 'EBUSY' },
      ],
      [
        'toolwright.retry',
        { 'toolwright.retry.attempt': 2, 'toolwright.retry.delay': 0.008, 'error.type': 'EAGAIN' },
      ],
    ]);
  });

  it("on a tool's error: error.type is its code, the status ERROR", async () => {
    await tracedExecutor([flakyTool([codedError('ENOENT')], false)]).executeBatch([
      { id: 'e1', name: 'Fetch', arguments: { url: 'https://example.com' } },
    ]);
    const span = telemetry.span('execute_tool Fetch');
    expect(span.attributes).toMatchObject({ 'toolwright.call.outcome': 'error', 'error.type': 'ENOENT' });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('for a tool that is not there: outcome and error.type not_found', async () => {
    await tracedExecutor([]).executeBatch([{ id: 'n1', name: 'Nope', arguments: {} }]);
    expect(telemetry.span('execute_tool Nope').attributes).toMatchObject({
      'gen_ai.tool.name': 'Nope',
      'toolwright.call.outcome': 'not_found',
      'error.type': 'not_found',
    });
  });
});

describe('where the span sits in the trace', () => {
  it("is a child of the caller's active span, and spans the tool makes are its children", async () => {
    const tracer = trace.getTracer('test-agent');
    const nested = createTool({
      name: 'Remote',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Calls a server.',
      execute: () =>
        tracer.startActiveSpan('tools/call search', async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          request.end();
          return ToolResults.success('answered');
        }),
    });
    const executor = tracedExecutor([nested]);
    await tracer.startActiveSpan('agent turn', async (turn) => {
      await executor.executeBatch([{ id: 'r1', name: 'Remote', arguments: {} }]);
      turn.end();
    });
    const turn = telemetry.span('agent turn');
    const call = telemetry.span('execute_tool Remote');
    const request = telemetry.span('tools/call search');
    expect(call.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(call.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(request.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(request.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  });
});

describe('the telemetry option', () => {
  it('enabled: false makes no spans and records no metrics, with the SDK registered', async () => {
    await tracedExecutor([read()], { telemetry: { enabled: false } }).executeBatch([
      { id: 'c1', name: 'Read', arguments: { label: 'a' } },
    ]);
    expect(telemetry.spans()).toEqual([]);
    expect(await telemetry.points('toolwright.tool.call.duration')).toEqual([]);
  });

  it('refuses a bad value, naming the option and what it accepts', () => {
    expect(() => tracedExecutor([], { telemetry: { recordContent: 'yes' } as never })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringMatching(/telemetry\.recordContent must be true or false; got string "yes"/),
      }),
    );
    expect(() => tracedExecutor([], { telemetry: { enable: false } as never })).toThrow(/enabled/);
  });
});
