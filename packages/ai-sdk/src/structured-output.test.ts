import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import {
  type ChatCompletionsServer,
  startChatCompletionsServer,
} from '@toolwright/test-support/openai-compatible-server';
import { asSchema, generateText, safeValidateUIMessages, stepCountIs, type UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

let server: ChatCompletionsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const weatherSchema = z.object({
  city: z.string(),
  celsius: z.number(),
  conditions: z.array(z.enum(['sun', 'rain', 'wind'])),
});

/** A forecast tool with a zod output schema; `broken` makes it return a value the schema refuses. */
const forecast = createTool({
  name: 'Forecast',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({ city: Type.String(), broken: Type.Optional(Type.Boolean()) }),
  outputSchema: weatherSchema,
  description: 'Forecasts the weather of a city.',
  execute: async ({ city, broken }) =>
    broken
      ? ToolResults.structured({ city, celsius: 'warm', conditions: ['sun'] })
      : ToolResults.structured({ city, celsius: 21.5, conditions: ['sun', 'wind'] }),
});

const plain = createTool({
  name: 'Plain',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Says hello.',
  execute: async () => ToolResults.success('hello'),
});

/** A stored UI message holding one finished call of Forecast, as a chat UI keeps it. */
function storedCall(output: unknown): UIMessage[] {
  return [
    {
      id: 'm1',
      role: 'assistant',
      parts: [
        {
          type: 'tool-Forecast',
          toolCallId: 'c1',
          state: 'output-available',
          input: { city: 'Oslo' },
          output,
        },
      ],
    } as UIMessage,
  ];
}

describe('structured output through the AI SDK bridge', () => {
  const tools = toAiSdkTools({ tools: [forecast, plain] });

  it('declares an outputSchema whose structuredContent is the tool’s own output schema, only for tools that have one', async () => {
    expect(tools.Plain?.outputSchema).toBeUndefined();
    const declared = await asSchema(tools.Forecast?.outputSchema).jsonSchema;
    const { $schema: _dialect, ...own } = forecast.getMetadata().outputSchema as Record<string, unknown>;
    expect(declared).toMatchObject({
      type: 'object',
      required: ['status', 'text', 'images', 'artifacts', 'spilled'],
      properties: { structuredContent: own },
    });
  });

  it('runs a call to an output carrying structuredContent, and the model reads its JSON text', async () => {
    server = await startChatCompletionsServer([
      { toolCalls: [{ id: 'c1', name: 'Forecast', arguments: { city: 'Oslo' } }] },
      { text: 'Sunny and windy.' },
    ]);
    const result = await generateText({
      model: scriptedModel(server.baseURL),
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Oslo?',
    });
    const output = result.steps[0]?.toolResults[0]?.output as ToolwrightToolOutput;
    expect(output).toMatchObject({
      status: 'success',
      structuredContent: { city: 'Oslo', celsius: 21.5, conditions: ['sun', 'wind'] },
    });
    expect(server.toolMessages(1).get('c1')).toBe(
      '{"city":"Oslo","celsius":21.5,"conditions":["sun","wind"]}',
    );
  });

  it('turns a result that breaks the output schema into a tool error the model reads, with no structuredContent', async () => {
    server = await startChatCompletionsServer([
      { toolCalls: [{ id: 'c1', name: 'Forecast', arguments: { city: 'Oslo', broken: true } }] },
      { text: 'The forecast failed.' },
    ]);
    const result = await generateText({
      model: scriptedModel(server.baseURL),
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Oslo?',
    });
    const output = result.steps[0]?.toolResults[0]?.output as ToolwrightToolOutput;
    expect(output.status).toBe('error');
    expect(output.structuredContent).toBeUndefined();
    expect(server.toolMessages(1).get('c1')).toMatch(
      /Tool "Forecast" returned structuredContent that does not match its outputSchema:\n- \/celsius: expected number, got string "warm"/,
    );
  });

  it('lets the SDK check stored outputs against the outputSchema: a real output passes, a tampered one does not', async () => {
    // Cast: under exactOptionalPropertyTypes not even the SDK's own ToolSet type fits this parameter.
    const validate = (messages: UIMessage[]) => safeValidateUIMessages({ messages, tools: tools as never });
    const output = await tools.Forecast?.execute({ city: 'Oslo' }, { toolCallId: 'c1' });
    expect((await validate(storedCall(output))).success).toBe(true);

    const tampered = { ...output, structuredContent: { city: 'Oslo', celsius: 21.5, conditions: ['snow'] } };
    const refused = await validate(storedCall(tampered));
    expect(refused.success).toBe(false);
    expect(refused.success ? '' : refused.error.message).toMatch(
      /the structuredContent of "Forecast" does not match its outputSchema:\n- \/conditions\/0: expected one of/,
    );

    const failure = {
      status: 'error',
      text: 'No such city.',
      images: [],
      artifacts: [],
      spilled: false,
      error: { type: 'not_found', message: 'No such city.' },
    };
    expect((await validate(storedCall(failure))).success).toBe(true);
  });
});
