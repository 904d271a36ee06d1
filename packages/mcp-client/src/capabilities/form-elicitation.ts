import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type {
  McpElicitationAnswer,
  McpFormElicitationHandler,
  McpRequestContext,
} from './client-capability-types.js';
import type { McpFormAnswerCheck } from './form-answer-check.js';

const ACCEPTED_ANSWERS = "{ action: 'accept', content? }, { action: 'decline' } or { action: 'cancel' }";

/**
 * Answers one form-mode `elicitation/create` through the host's handler. `check` takes the
 * requested schema first (a schema it refuses is the server's error); an accepted answer is
 * then checked against it (which may fill defaults or repair a value). An answer that does not
 * match is never sent: the server gets an error naming the problem instead.
 */
export async function answerFormElicitation(
  handler: McpFormElicitationHandler,
  params: ElicitRequestFormParams,
  context: McpRequestContext,
  check: McpFormAnswerCheck,
): Promise<ElicitResult> {
  const subject = `elicitation from MCP server "${context.server}"`;
  let checkContent: ReturnType<McpFormAnswerCheck>;
  try {
    checkContent = check(params.requestedSchema, subject);
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `requestedSchema refused: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const answer = await handler(
    { mode: 'form', message: params.message, requestedSchema: params.requestedSchema },
    context,
  );
  const action = checkAnswer(answer, subject);
  if (action !== 'accept') return { action };
  const content = (answer as { content?: unknown }).content ?? {};
  const checked =
    typeof content === 'object' && content !== null && !Array.isArray(content)
      ? checkContent(content as Record<string, unknown>)
      : {
          ok: false as const,
          problem: `content must be an object of the form's fields; got ${describe(content)}`,
        };
  if (checked.ok) return { action, content: checked.content as ElicitResult['content'] };
  throw new ProtocolError(
    ProtocolErrorCode.InternalError,
    `the client's answer did not match the requested schema and was not sent: ${checked.problem}`,
  );
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
