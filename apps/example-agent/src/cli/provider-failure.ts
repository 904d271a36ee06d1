import { ToolwrightError } from '@toolwright/validation';
import { AgentError, AgentErrorCode } from '../errors.js';

/** How deep the cause chain is searched (`fetch` nests the socket error two levels down). */
const MAX_CAUSE_DEPTH = 5;

/**
 * What the cause chain adds to the top message: the first Node system error code
 * (`ECONNREFUSED`, `ENOTFOUND`, ...), else the innermost cause's message (`bad port`), else
 * nothing.
 */
function causeDetail(error: unknown): string | undefined {
  let innermost: string | undefined;
  let current: unknown = error;
  for (
    let depth = 0;
    depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null;
    depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    if (depth > 0 && current instanceof Error && current.message !== '') innermost = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return innermost;
}

/** The path each SDK appends to the base URL for the request the agent makes. */
const REQUEST_PATHS: Readonly<Record<string, string>> = {
  'openai-chat': '/chat/completions',
  'openai-compatible': '/chat/completions',
  'openai-responses': '/responses',
  anthropic: '/v1/messages',
};
const WHERE_THE_URL_COMES_FROM = '--base-url, "baseUrl" in toolwright.config.json or TOOLWRIGHT_BASE_URL';

/**
 * A failed model request as the user needs to read it: which provider, which model, which URL
 * (the base URL, and the request's own URL where the SDK's path is known), then what the SDK
 * said. SDK messages alone (`Connection error.`, `404 status code (no body)`) name none of these,
 * and the URL is the thing most often wrong. A failure without an HTTP status is a connection
 * problem, so the message says where the URL comes from; a 404 says what the base URL most
 * likely lacks (or has twice): `/v1`.
 */
export function providerFailure(
  error: unknown,
  provider: { readonly id: string; readonly model: string },
  endpoint: string,
): AgentError {
  const message = error instanceof Error ? error.message : String(error);
  const detail = ToolwrightError.isInstance(error) ? error.code : causeDetail(error);
  const status = (error as { status?: unknown } | null)?.status;
  const path = REQUEST_PATHS[provider.id];
  const requested = path === undefined ? '' : ` (POST ${endpoint.replace(/\/+$/, '')}${path})`;
  const hint =
    status === 404
      ? missingPathHint(provider.id, endpoint)
      : typeof status === 'number' || ToolwrightError.isInstance(error)
        ? ''
        : ` Check that the server is running and that the URL is right (${WHERE_THE_URL_COMES_FROM}).`;
  return new AgentError(
    AgentErrorCode.ProviderFailed,
    `The ${provider.id} provider (model ${provider.model}) at ${endpoint}${requested} failed: ${message}${detail === undefined ? '' : ` (${detail})`}${hint}`,
    { cause: error },
  );
}

/**
 * What a 404 most likely means: OpenAI's SDK appends its paths to a base URL that must end in
 * `/v1` (compatible servers serve `/v1/chat/completions`); Anthropic's SDK adds `/v1` itself, so
 * a base URL ending in `/v1` asks for `/v1/v1/messages`. Otherwise: the server has no such model
 * or path, which the URL and the model in the message show.
 */
function missingPathHint(providerId: string, endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  const endsInV1 = /\/v1$/.test(base);
  if (providerId.startsWith('openai') && !endsInV1) {
    return ` The server has no such path: OpenAI-compatible servers serve under /v1, so the base URL is most likely ${base}/v1 (${WHERE_THE_URL_COMES_FROM}).`;
  }
  if (providerId === 'anthropic' && endsInV1) {
    return ` The server has no such path: the Anthropic SDK adds /v1 itself, so the base URL is most likely ${base.slice(0, -3)} (${WHERE_THE_URL_COMES_FROM}).`;
  }
  return ' The server has no such path or model: check the URL and the model.';
}
