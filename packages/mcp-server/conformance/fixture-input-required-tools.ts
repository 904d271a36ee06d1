import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { type McpKeyedRequests, type McpSessionContext, mcpSessionOf } from '../src/index.js';

// The tools of the 2026-07-28 multi-round-trip scenarios (SEP-2322) and of `server-stateless`. Each is written as a tool
// for a 2025 session would be, awaiting its client's answers; over a stateless request the
// server turns each unanswered request into an `input_required` result (the suite checks the
// keys it names, so the tools give them).

function sessionOf(context: ExecutionContext): McpSessionContext {
  const session = mcpSessionOf(context);
  if (session === undefined) throw new Error('This tool runs inside an MCP server only.');
  return session;
}

/** The requests of `session` going by `key`, or by the default names (`input-0`, ...) without one. */
function under(session: McpSessionContext, key?: string): McpKeyedRequests {
  const { keyed, listRoots } = session;
  if (keyed === undefined || listRoots === undefined)
    throw new Error('This server predates keyed input requests.');
  if (key !== undefined) return keyed(key);
  return {
    createMessage: (params) => session.createMessage(params),
    elicitInput: (params) => session.elicitInput(params),
    listRoots: () => listRoots(),
  };
}

function inputTool(
  name: string,
  description: string,
  ask: (session: McpSessionContext) => Promise<string>,
): Tool {
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description,
    execute: async (_params, context) => ToolResults.success(await ask(sessionOf(context))),
  });
}

const askName = (session: McpSessionContext, key: string, message = 'What is your name?') =>
  under(session, key).elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });

const askGreeting = (session: McpSessionContext, key?: string) =>
  under(session, key).createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
    maxTokens: 50,
  });

const askConfirmation = (session: McpSessionContext) =>
  under(session, 'confirm').elicitInput({
    message: 'Please confirm',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });

/** The tools the suite's `input-required-result-*` scenarios call. */
export function createInputRequiredTools(): Tool[] {
  return [
    inputTool('test_input_required_result_elicitation', 'Asks the user for their name.', async (session) => {
      const answer = await askName(session, 'user_name');
      return `Hello, ${String(answer.content?.name ?? 'stranger')} (${answer.action})`;
    }),
    inputTool(
      'test_input_required_result_sampling',
      "Asks the client's model for a greeting.",
      async (session) => {
        const answer = await askGreeting(session);
        return `The model said: ${answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`}`;
      },
    ),
    inputTool('test_input_required_result_list_roots', "Lists the client's roots.", async (session) => {
      const { roots } = await under(session).listRoots();
      return `The client has ${roots.length} root(s): ${roots.map((root) => root.uri).join(', ')}`;
    }),
    inputTool('test_input_required_result_request_state', 'Asks for a confirmation.', async (session) => {
      const answer = await askConfirmation(session);
      return `Confirmed: ${JSON.stringify(answer.content ?? {})}`;
    }),
    inputTool('test_input_required_result_tampered_state', 'Asks for a confirmation.', async (session) => {
      const answer = await askConfirmation(session);
      return `Confirmed: ${JSON.stringify(answer.content ?? {})}`;
    }),
    inputTool('test_input_required_result_multiple_inputs', 'Asks three things at once.', async (session) => {
      const [name, greeting, { roots }] = await Promise.all([
        askName(session, 'user_name'),
        askGreeting(session, 'greeting'),
        under(session, 'client_roots').listRoots(),
      ]);
      const said = greeting.content.type === 'text' ? greeting.content.text : '';
      return `name=${String(name.content?.name)} greeting=${said} roots=${roots.length}`;
    }),
    inputTool(
      'test_input_required_result_multi_round',
      'Asks two things, one after the other.',
      async (session) => {
        const name = await askName(session, 'step1', 'Step 1: What is your name?');
        const color = await under(session, 'step2').elicitInput({
          message: 'Step 2: What is your favorite color?',
          requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        });
        return `${String(name.content?.name)} likes ${String(color.content?.color)}`;
      },
    ),
    inputTool(
      'test_input_required_result_capabilities',
      'Asks the user when the client can show forms, else the model.',
      async (session) => {
        if (session.clientCapabilities.elicitation !== undefined) {
          return `Hello, ${String((await askName(session, 'user_name')).content?.name)}`;
        }
        const answer = await askGreeting(session, 'greeting');
        return `The model said: ${answer.content.type === 'text' ? answer.content.text : ''}`;
      },
    ),
    // The diagnostic tools of the `server-stateless` scenario (SEP-2575).
    inputTool(
      'test_missing_capability',
      "Needs the client's model, so the sampling capability.",
      async (session) => {
        const answer = await askGreeting(session, 'greeting');
        return `The model said: ${answer.content.type === 'text' ? answer.content.text : ''}`;
      },
    ),
    inputTool(
      'test_streaming_elicitation',
      'Asks the user mid-call; stateless, that ends the round.',
      async (session) => {
        const answer = await askName(session, 'user_name');
        return `Hello, ${String(answer.content?.name)}`;
      },
    ),
    inputTool(
      'test_logging_tool',
      'Logs at info, which reaches only a client that asked for a log level.',
      async (session) => {
        await session.log('info', 'test_logging_tool ran');
        return 'logged';
      },
    ),
  ];
}
