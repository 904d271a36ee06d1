import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { type McpSessionContext, mcpSessionOf } from '../src/index.js';

type RequestedSchema = Parameters<McpSessionContext['elicitInput']>[0]['requestedSchema'];

function sessionOf(context: ExecutionContext): McpSessionContext {
  const session = mcpSessionOf(context);
  if (session === undefined) throw new Error('This tool runs inside an MCP server only.');
  return session;
}

function elicitationTool(
  name: string,
  description: string,
  message: string,
  requestedSchema: RequestedSchema,
): Tool {
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description,
    execute: async (_params, context) => {
      const answer = await sessionOf(context).elicitInput({ message, requestedSchema });
      return ToolResults.success(
        `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
      );
    },
  });
}

/** The conformance suite's tools that ask the client for something: sampling and elicitation. */
export function createClientRequestTools(): Tool[] {
  return [
    createTool({
      name: 'test_sampling',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ prompt: Type.String({ description: 'The prompt to send to the LLM' }) }),
      description: 'Tests server-initiated sampling (LLM completion request)',
      execute: async (params, context) => {
        const answer = await sessionOf(context).createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: params.prompt } }],
          maxTokens: 100,
        });
        const text = answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`;
        return ToolResults.success(`LLM response: ${text}`);
      },
    }),
    createTool({
      name: 'test_elicitation',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ message: Type.String({ description: 'The message to show the user' }) }),
      description: 'Tests server-initiated elicitation (user input request)',
      execute: async (params, context) => {
        const answer = await sessionOf(context).elicitInput({
          message: params.message,
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        });
        return ToolResults.success(
          `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
        );
      },
    }),
    elicitationTool(
      'test_elicitation_sep1034_defaults',
      'Tests elicitation with default values per SEP-1034',
      'Please review and update the form fields with defaults',
      {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    ),
    elicitationTool(
      'test_elicitation_sep1330_enums',
      'Tests elicitation with enum schema improvements per SEP-1330',
      'Please select options from the enum fields',
      {
        type: 'object',
        properties: {
          untitledSingle: {
            type: 'string',
            description: 'Select one option',
            enum: ['option1', 'option2', 'option3'],
          },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    ),
  ];
}
