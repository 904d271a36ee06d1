import {
  loadOpenTelemetry,
  markSpanFailed,
  openTelemetry,
  openTelemetrySettled,
  SemanticAttribute,
} from '@toolwright/utils/telemetry';
import type { ModelProvider } from '../providers/model-provider.js';
import { GEN_AI_PROVIDER_NAMES, GenAiAttribute, GenAiOperation } from './gen-ai-names.js';
import { AGENT_INSTRUMENTATION_NAME } from './span-failure.js';

/** What a turn span names. */
export interface TurnSpanSubject {
  /** `gen_ai.agent.name`, and the span's name: `invoke_agent {agentName}`. */
  readonly agentName: string;
  readonly provider: Pick<ModelProvider, 'id' | 'model'>;
  /** `gen_ai.conversation.id`: the session id, which `--session` resumes. */
  readonly conversationId?: string | undefined;
}

/**
 * Runs one turn (a user task, to its end) inside an `invoke_agent {agent}` span (GenAI
 * conventions, kind INTERNAL: the agent runs in this process), made active so that the model
 * requests, the executor's `execute_tool` spans and the MCP client's spans of the turn are its
 * children — through the host's context manager. With `@opentelemetry/api` absent or no SDK
 * registered, it only runs `run`.
 */
export async function inTurnSpan<T>(subject: TurnSpanSubject, run: () => Promise<T>): Promise<T> {
  // Awaited once per turn, so that the very first turn of a process is traced too.
  const api = openTelemetrySettled() ? openTelemetry() : await loadOpenTelemetry();
  if (api === undefined) return run();
  const attributes = {
    [SemanticAttribute.genAiOperationName]: GenAiOperation.invokeAgent,
    [GenAiAttribute.agentName]: subject.agentName,
    [GenAiAttribute.providerName]: GEN_AI_PROVIDER_NAMES[subject.provider.id],
    [GenAiAttribute.requestModel]: subject.provider.model,
    ...(subject.conversationId === undefined
      ? {}
      : { [GenAiAttribute.conversationId]: subject.conversationId }),
  };
  return api.trace
    .getTracer(AGENT_INSTRUMENTATION_NAME)
    .startActiveSpan(
      `${GenAiOperation.invokeAgent} ${subject.agentName}`,
      { kind: api.SpanKind.INTERNAL, attributes },
      async (span) => {
        try {
          return await run();
        } catch (error) {
          markSpanFailed(span, error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
