import {
  GEN_AI_DURATION_BUCKETS_SECONDS,
  markSpanFailed,
  type OpenTelemetryApi,
  openTelemetry,
  SemanticAttribute,
} from '@toolwright/utils/telemetry';
import type { ModelProvider, ModelStreamEvent, ModelUsage } from '../providers/model-provider.js';
import {
  GEN_AI_CLIENT_OPERATION_DURATION,
  GEN_AI_PROVIDER_NAMES,
  GenAiAttribute,
  GenAiOperation,
} from './gen-ai-names.js';
import { AGENT_INSTRUMENTATION_NAME } from './span-failure.js';

/** One histogram per loaded API (a test may load it afresh), made on first use. */
const histograms = new WeakMap<
  OpenTelemetryApi,
  { record(value: number, attributes: Record<string, string>): void }
>();

function durationHistogram(api: OpenTelemetryApi) {
  let histogram = histograms.get(api);
  if (histogram === undefined) {
    histogram = api.metrics
      .getMeter(AGENT_INSTRUMENTATION_NAME)
      .createHistogram(GEN_AI_CLIENT_OPERATION_DURATION, {
        unit: 's',
        description: 'Duration of a model request, from sending it to the end of its streamed answer.',
        advice: { explicitBucketBoundaries: [...GEN_AI_DURATION_BUCKETS_SECONDS] },
      });
    histograms.set(api, histogram);
  }
  return histogram;
}

/**
 * `events` (one model request's stream) inside a `chat {model}` span, kind CLIENT, from the first
 * pull to the end of the stream, with the token counts the provider reported and
 * `gen_ai.client.operation.duration` recorded. The span is not made active: tool calls that start
 * while the model still streams belong to the turn, beside the request, as the conventions draw
 * them. No prompt or answer text is recorded.
 */
export async function* tracedModelRequest(
  provider: Pick<ModelProvider, 'id' | 'model'>,
  events: AsyncIterable<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  // The turn span loaded the API (or found it absent) before any request.
  const api = openTelemetry();
  if (api === undefined) {
    yield* events;
    return;
  }
  const attributes = {
    [SemanticAttribute.genAiOperationName]: GenAiOperation.chat,
    [GenAiAttribute.providerName]: GEN_AI_PROVIDER_NAMES[provider.id],
    [GenAiAttribute.requestModel]: provider.model,
  };
  const started = performance.now();
  const span = api.trace
    .getTracer(AGENT_INSTRUMENTATION_NAME)
    .startSpan(`${GenAiOperation.chat} ${provider.model}`, { kind: api.SpanKind.CLIENT, attributes });
  let usage: ModelUsage | undefined;
  let failure: string | undefined;
  try {
    for await (const event of events) {
      if (event.type === 'usage') usage = event.usage;
      yield event;
    }
  } catch (error) {
    failure = markSpanFailed(span, error);
    throw error;
  } finally {
    if (usage !== undefined)
      span.setAttributes({
        [GenAiAttribute.usageInputTokens]: usage.inputTokens,
        [GenAiAttribute.usageOutputTokens]: usage.outputTokens,
      });
    span.end();
    durationHistogram(api).record((performance.now() - started) / 1000, {
      ...attributes,
      ...(failure === undefined ? {} : { [SemanticAttribute.errorType]: failure }),
    });
  }
}
