import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { compileJsonSchema, ToolValidationError } from '@toolwright/validation';
import type {
  McpElicitationAnswer,
  McpFormElicitationHandler,
  McpRequestContext,
} from './client-capability-types.js';

const ACCEPTED_ANSWERS = "{ action: 'accept', content? }, { action: 'decline' } or { action: 'cancel' }";

/**
 * Answers one form-mode `elicitation/create` through the host's handler. The requested schema
 * is compiled first (a schema the validation package refuses is the server's error); an
 * accepted answer gets the schema's defaults for the fields it left out and is validated
 * against the schema, with lossless repairs (`"42"` for an integer, as typed on a terminal).
 * An answer that still does not match is never sent: the server gets an error naming the
 * problem instead.
 */
export async function answerFormElicitation(
  handler: McpFormElicitationHandler,
  params: ElicitRequestFormParams,
  context: McpRequestContext,
): Promise<ElicitResult> {
  const subject = `elicitation from MCP server "${context.server}"`;
  let validator: ReturnType<typeof compileJsonSchema>;
  try {
    validator = compileJsonSchema(params.requestedSchema, undefined, {
      name: `requestedSchema of the ${subject}`,
    });
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `requestedSchema refused: ${(error as Error).message}`,
    );
  }
  const answer = await handler(
    { mode: 'form', message: params.message, requestedSchema: params.requestedSchema },
    context,
  );
  const action = checkAnswer(answer, subject);
  if (action !== 'accept') return { action };
  const content = (answer as { content?: unknown }).content ?? {};
  try {
    const parsed = validator.parse(content, { toolName: `the answer to the ${subject}` });
    return { action, content: parsed.value as ElicitResult['content'] };
  } catch (error) {
    if (!ToolValidationError.isInstance(error)) throw error;
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `the client's answer did not match the requested schema and was not sent: ${error.message}`,
    );
  }
}

/** The answer's action, or an error naming what the handler returned and what is accepted. */
export function checkAnswer(answer: unknown, subject: string): McpElicitationAnswer['action'] {
  const action = (answer as { action?: unknown } | null | undefined)?.action;
  if (action === 'accept' || action === 'decline' || action === 'cancel') return action;
  throw new ProtocolError(
    ProtocolErrorCode.InternalError,
    `the client's handler for the ${subject} answered ${describe(answer)}; accepted: ${ACCEPTED_ANSWERS}`,
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  try {
    return JSON.stringify(value)?.slice(0, 120) ?? String(value);
  } catch {
    return typeof value;
  }
}
