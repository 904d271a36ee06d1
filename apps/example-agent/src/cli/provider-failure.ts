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

/**
 * A failed model request as the user needs to read it: which provider, which model, which URL,
 * then what the SDK said. SDK messages alone (`Connection error.`) name none of these, and the
 * URL is the thing most often wrong. A failure without an HTTP status is a connection problem,
 * so the message says where the URL comes from.
 */
export function providerFailure(
  error: unknown,
  provider: { readonly id: string; readonly model: string },
  endpoint: string,
): AgentError {
  const message = error instanceof Error ? error.message : String(error);
  const detail = ToolwrightError.isInstance(error) ? error.code : causeDetail(error);
  const status = (error as { status?: unknown } | null)?.status;
  const hint =
    typeof status === 'number' || ToolwrightError.isInstance(error)
      ? ''
      : ' Check that the server is running and that the URL is right (--base-url, "baseUrl" in toolwright.config.json or TOOLWRIGHT_BASE_URL).';
  return new AgentError(
    AgentErrorCode.ProviderFailed,
    `The ${provider.id} provider (model ${provider.model}) at ${endpoint} failed: ${message}${detail === undefined ? '' : ` (${detail})`}${hint}`,
    { cause: error },
  );
}
