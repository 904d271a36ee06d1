import { trace } from '@opentelemetry/api';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';

/** The name of the span the `Forecast` tool makes itself, as a tool's own instrumentation would. */
export const TOOL_SPAN_NAME = 'forecast lookup';

/**
 * A registry with `Forecast`, which makes a span of its own under whatever span is active when
 * it runs, and `Broken`, whose result is an error. What a traced server serves in the tests.
 */
export function createTracedRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll(
    [
      createTool({
        name: 'Forecast',
        kind: ToolKind.ReadOnly,
        isConcurrencySafe: true,
        schema: Type.Object({ city: Type.String() }),
        description: 'Tells the weather.',
        execute: async (params) =>
          trace.getTracer('forecast-tool').startActiveSpan(TOOL_SPAN_NAME, async (span) => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            span.end();
            return ToolResults.success(`sunny in ${params.city}`);
          }),
      }),
      createTool({
        name: 'Broken',
        kind: ToolKind.Execute,
        schema: Type.Object({}),
        description: 'Always fails.',
        execute: async () => ToolResults.executionError('the forecast service is down'),
      }),
    ],
    { atomic: true },
  );
  return registry;
}
