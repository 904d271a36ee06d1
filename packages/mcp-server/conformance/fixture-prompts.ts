import type { McpPromptDefinition } from '../src/index.js';
import { TEST_IMAGE_BASE64 } from './fixture-media.js';

/** The conformance suite's prompts. */
export const FIXTURE_PROMPTS: readonly McpPromptDefinition[] = [
  {
    name: 'test_simple_prompt',
    title: 'Simple Test Prompt',
    description: 'A simple prompt without arguments',
    get: () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    }),
  },
  {
    name: 'test_prompt_with_arguments',
    title: 'Prompt With Arguments',
    description: 'A prompt with required arguments',
    arguments: [
      {
        name: 'arg1',
        description: 'First test argument',
        required: true,
        complete: (value) => ['paris', 'park', 'party'].filter((word) => word.startsWith(value)),
      },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    get: ({ arguments: args }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'` },
        },
      ],
    }),
  },
  {
    name: 'test_prompt_with_embedded_resource',
    title: 'Prompt With Embedded Resource',
    description: 'A prompt that includes an embedded resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    get: ({ arguments: args }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: args.resourceUri ?? '',
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  },
  {
    name: 'test_prompt_with_image',
    title: 'Prompt With Image',
    description: 'A prompt that includes image content',
    get: () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: TEST_IMAGE_BASE64, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  },
  {
    name: 'test_input_required_result_prompt',
    title: 'Prompt That Asks First',
    description: 'A prompt that asks the user for context before it is written (SEP-2322)',
    get: async ({ mcpSession }) => {
      if (mcpSession.keyed === undefined) throw new Error('This server predates keyed input requests.');
      const answer = await mcpSession.keyed('context').elicitInput({
        message: 'What context should the prompt use?',
        requestedSchema: {
          type: 'object',
          properties: { context: { type: 'string' } },
          required: ['context'],
        },
      });
      const context = String(answer.content?.context ?? 'none');
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Write with this context: ${context}` } }],
      };
    },
  },
];
