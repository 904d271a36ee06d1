import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { loadOpenTelemetry } from '@toolwright/utils/telemetry';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolRegistryOptions } from './registry-options.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  // The registry's paths are synchronous: the API must be loaded before the first search.
  await loadOpenTelemetry();
  // What a host's SDK setup registers: without a context manager no span is ever active.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
beforeEach(() => {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterEach(() => {
  trace.disable();
  exporter.reset();
});

function catalog(options: ToolRegistryOptions = {}): ToolRegistry {
  const registry = new ToolRegistry(options);
  registry.register(builtinTool('Read', { description: 'Read a file from the workspace.' }));
  registry.replaceTools('remote', [
    mcpTool('github', 'create_issue', { description: 'Create a new issue in a GitHub repository.' }),
    mcpTool('github', 'list_issues', { description: 'List issues of a repository.' }),
    mcpTool('slack', 'post_message', { description: 'Post a message to a Slack channel.' }),
  ]);
  return registry;
}

const spans = (name: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((span) => span.name === name);

describe('registry spans', () => {
  it('a search is a tool_search span with how the query was read and its hit count, not the query', () => {
    const registry = catalog();
    expect(registry.search('github issue').matches.length).toBe(2);
    registry.search('select:mcp__slack__post_message,NoSuchTool');
    const [keyword, select] = spans('tool_search');
    expect(keyword?.attributes).toEqual({
      'toolwright.tool_search.kind': 'keyword',
      'toolwright.tool_search.hits': 2,
    });
    expect(select?.attributes).toMatchObject({
      'toolwright.tool_search.kind': 'select',
      'toolwright.tool_search.hits': 1,
    });
  });

  it('records the query only when the host turns content on, with secrets redacted', () => {
    const registry = catalog({ telemetry: { recordContent: true, maxContentChars: 40 } });
    registry.search('github token ghp_0123456789abcdefghijABCDEFGHIJ');
    const [span] = spans('tool_search');
    expect(span?.attributes['toolwright.tool_search.query']).toBe('github token [redacted]');
  });

  it('a search the registry refuses ends its span as an error with the error code', () => {
    const registry = catalog();
    expect(() => registry.search('/(?<=look)behind/')).toThrow();
    const [span] = spans('tool_search');
    expect(span?.status.code).toBe(2);
    expect(span?.attributes['error.type']).toBe('invalid_search_query');
  });

  it('a declaration build is a span; the cached answer of the same revision is not', () => {
    const registry = catalog();
    registry.getFunctionDeclarationsByMode('default', 'anthropic');
    registry.getFunctionDeclarationsByMode('default', 'anthropic');
    registry.getFunctionDeclarationsByMode('plan', 'openai-chat');
    const built = exporter.getFinishedSpans().filter((span) => span.name.startsWith('declarations '));
    expect(built.map((span) => span.name)).toEqual(['declarations anthropic', 'declarations openai-chat']);
    expect(built[0]?.attributes).toEqual({
      'toolwright.declarations.target': 'anthropic',
      'toolwright.declarations.mode': 'default',
      'toolwright.declarations.count': 2,
      'toolwright.declarations.omitted': 0,
      'toolwright.declarations.deferred': 0,
    });
  });

  it("a span is a child of the active one: the model's ToolSearch call", () => {
    const registry = catalog();
    const tracer = trace.getTracer('test');
    tracer.startActiveSpan('execute_tool ToolSearch', (parent) => {
      registry.search('slack');
      parent.end();
    });
    const [search] = spans('tool_search');
    const [parent] = spans('execute_tool ToolSearch');
    expect(search?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(search?.spanContext().traceId).toBe(parent?.spanContext().traceId);
  });

  it('a clone traces as its original was told to', () => {
    const quiet = catalog({ telemetry: { enabled: false } }).clone();
    quiet.search('github');
    quiet.getFunctionDeclarationsByMode('default', 'gemini');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('refuses a bad telemetry option by name', () => {
    expect(() => new ToolRegistry({ telemetry: { recordContent: 'yes' } as never })).toThrow(
      /telemetry\.recordContent/,
    );
  });
});
