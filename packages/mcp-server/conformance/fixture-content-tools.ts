import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { compileJsonSchema } from '@toolwright/validation';
import { mcpSessionOf } from '../src/index.js';
import { storedPart, TEST_AUDIO_BASE64, TEST_IMAGE_BASE64 } from './fixture-media.js';

const NO_ARGUMENTS = Type.Object({});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The conformance suite's content, logging, progress, error and schema tools, as toolwright tools. */
export function createContentTools(): Tool[] {
  return [
    createTool({
      name: 'test_simple_text',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests simple text content response',
      execute: async () => ToolResults.success('This is a simple text response for testing.'),
    }),
    createTool({
      name: 'test_image_content',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests image content response',
      execute: async () =>
        ToolResults.success([{ type: 'image', data: TEST_IMAGE_BASE64, mimeType: 'image/png' }]),
    }),
    createTool({
      name: 'test_audio_content',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests audio content response',
      execute: async (_params, context) =>
        ToolResults.success([
          await storedPart(context, {
            kind: 'audio',
            bytes: Buffer.from(TEST_AUDIO_BASE64, 'base64'),
            mimeType: 'audio/wav',
          }),
        ]),
    }),
    createTool({
      name: 'test_embedded_resource',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests embedded resource content response',
      execute: async (_params, context) =>
        ToolResults.success([
          await storedPart(context, {
            kind: 'resource',
            bytes: 'This is an embedded resource content.',
            mimeType: 'text/plain',
            sourceUri: 'test://embedded-resource',
          }),
        ]),
    }),
    createTool({
      name: 'test_multiple_content_types',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests response with multiple content types (text, image, resource)',
      execute: async (_params, context) =>
        ToolResults.success([
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: TEST_IMAGE_BASE64, mimeType: 'image/png' },
          await storedPart(context, {
            kind: 'resource',
            bytes: JSON.stringify({ test: 'data', value: 123 }),
            mimeType: 'application/json',
            sourceUri: 'test://mixed-content-resource',
          }),
        ]),
    }),
    createTool({
      name: 'test_tool_with_logging',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests tool that emits log messages during execution',
      execute: async (_params, context) => {
        const session = mcpSessionOf(context);
        await session?.log('info', 'Tool execution started');
        await sleep(50);
        await session?.log('info', 'Tool processing data');
        await sleep(50);
        await session?.log('info', 'Tool execution completed');
        return ToolResults.success('Tool with logging executed successfully');
      },
    }),
    createTool({
      name: 'test_tool_with_progress',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description: 'Tests tool that reports progress notifications',
      execute: async (_params, context) => {
        for (const step of [0, 50, 100]) {
          if (step > 0) await sleep(50);
          context.onProgress?.({ message: `Completed step ${step} of 100`, progress: step, total: 100 });
        }
        return ToolResults.success('Progress test completed');
      },
    }),
    createTool({
      name: 'test_error_handling',
      kind: ToolKind.Execute,
      schema: NO_ARGUMENTS,
      description: 'Tests error response handling',
      execute: async () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    }),
    createTool({
      name: 'test_reconnection',
      kind: ToolKind.ReadOnly,
      schema: NO_ARGUMENTS,
      description:
        'Tests SSE stream disconnection and client reconnection (SEP-1699): closes the response stream mid-call and answers after the client reconnects.',
      execute: async (_params, context) => {
        mcpSessionOf(context)?.closeResponseStream();
        await sleep(100);
        return ToolResults.success(
          'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
        );
      },
    }),
    createTool({
      name: 'json_schema_2020_12_tool',
      kind: ToolKind.ReadOnly,
      // A foreign JSON Schema 2020-12 (SEP-1613, SEP-2106): its $schema, $defs and $anchor,
      // composition (allOf/anyOf), conditionals (if/then/else) and additionalProperties reach
      // tools/list as written.
      schema: compileJsonSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'addressDef',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: {
          name: { type: 'string' },
          address: { $ref: '#/$defs/address' },
          contactMethod: { type: 'string', enum: ['phone', 'email'] },
          phone: { type: 'string' },
          email: { type: 'string' },
        },
        allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
        if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's keyword, never awaited
        then: { required: ['phone'] },
        else: { required: ['email'] },
        additionalProperties: false,
      }),
      description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
      execute: async (params) =>
        ToolResults.success(`JSON Schema 2020-12 tool called with: ${JSON.stringify(params)}`),
    }),
  ];
}
