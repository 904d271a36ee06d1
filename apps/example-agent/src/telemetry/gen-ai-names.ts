import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
  GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
  GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
} from '@opentelemetry/semantic-conventions/incubating';
import type { ProviderId } from '../providers/model-provider.js';

// The agent's own span names beyond @toolwright/utils/telemetry's (which names what the packages
// emit): the GenAI conventions' agent and model-call names. They are incubating in
// @opentelemetry/semantic-conventions 1.45; the build inlines these few strings (noExternal in
// tsup.config.ts), so the megabyte of incubating names is never loaded at run time.

/** GenAI attribute names the agent's turn and model-request spans carry. */
export const GenAiAttribute = {
  agentName: ATTR_GEN_AI_AGENT_NAME,
  conversationId: ATTR_GEN_AI_CONVERSATION_ID,
  providerName: ATTR_GEN_AI_PROVIDER_NAME,
  requestModel: ATTR_GEN_AI_REQUEST_MODEL,
  usageInputTokens: ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  usageOutputTokens: ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} as const;

/** `gen_ai.operation.name` of a turn (`invoke_agent`) and of a model request (`chat`). */
export const GenAiOperation = {
  invokeAgent: GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
  chat: GEN_AI_OPERATION_NAME_VALUE_CHAT,
} as const;

/** The conventional histogram of model requests, in seconds. */
export const GEN_AI_CLIENT_OPERATION_DURATION = METRIC_GEN_AI_CLIENT_OPERATION_DURATION;

/** Resource attributes of the agent process. */
export const ResourceAttribute = {
  serviceName: ATTR_SERVICE_NAME,
  serviceVersion: ATTR_SERVICE_VERSION,
} as const;

/**
 * `gen_ai.provider.name` of each provider: the conventions' well-known value where there is one;
 * an OpenAI-compatible server is whoever runs it, and the scripted model is the agent's own.
 */
export const GEN_AI_PROVIDER_NAMES: Readonly<Record<ProviderId, string>> = {
  anthropic: GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  'openai-chat': GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  'openai-responses': GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  gemini: GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  'openai-compatible': 'openai_compatible',
  scripted: 'toolwright.scripted',
};
