import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const countSchema = z.object({ count: z.int().min(0), names: z.array(z.string()) });

/** Counts the names it is given, or, when `lie` is set, claims a count that is not a number. */
const countNames = createTool({
  name: 'CountNames',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({ names: Type.Array(Type.String()), lie: Type.Optional(Type.Boolean()) }),
  outputSchema: countSchema,
  description: 'Counts names.',
  execute: async ({ names, lie }) =>
    lie
      ? ToolResults.structured({ count: 'many', names: [...names] })
      : ToolResults.structured({ count: names.length, names: [...names] }, `${names.length} names.`),
});

/** No output schema: its structured value is passed on unchecked, and no schema is listed. */
const describeHost = createTool({
  name: 'DescribeHost',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({}),
  description: 'Describes the host.',
  execute: async () => ToolResults.structured({ platform: 'test', cores: 2 }),
});

/** Declares an output schema and fails: a failure carries no structured content. */
const missingList = createTool({
  name: 'MissingList',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({}),
  outputSchema: countSchema,
  description: 'Fails.',
  execute: async () => ToolResults.notFound('No such list.'),
});

let http: McpHttpServer;
let client: Client;

beforeAll(async () => {
  const registry = new ToolRegistry();
  registry.registerAll([countNames, describeHost, missingList], { atomic: true });
  const server = new ToolwrightMcpServer({ registry, serverInfo: { name: 'structured', version: '1.0.0' } });
  http = await serveHttp(server, { port: 0 });
  ({ client } = await connectHttpClient(http.url));
});

afterAll(async () => {
  await client?.close();
  await http?.close({ graceMs: 1000 });
});

describe('structured output over Streamable HTTP (raw SDK client)', () => {
  it('lists the outputSchema of a tool that declares one, and none for a tool that does not', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.CountNames?.outputSchema).toEqual(countNames.getMetadata().outputSchema);
    expect(byName.CountNames?.outputSchema).toMatchObject({
      type: 'object',
      required: ['count', 'names'],
      properties: { count: { type: 'integer', minimum: 0 }, names: { type: 'array' } },
    });
    expect(byName.DescribeHost?.outputSchema).toBeUndefined();
  });

  it('sends structuredContent that the client validates against the listed outputSchema, with the text beside it', async () => {
    const { tools } = await client.listTools();
    const listed = tools.find((tool) => tool.name === 'CountNames')?.outputSchema;
    // The SDK client validates structuredContent against the listed schema inside callTool (it
    // throws on a mismatch); the same check is made here with its validator, in the open.
    const result = (await client.callTool({
      name: 'CountNames',
      arguments: { names: ['ada', 'grace'] },
    })) as CallToolResult;
    expect(result).toEqual({
      content: [{ type: 'text', text: '2 names.' }],
      structuredContent: { count: 2, names: ['ada', 'grace'] },
    });
    const validate = new AjvJsonSchemaValidator().getValidator(listed as never);
    expect(validate(result.structuredContent)).toMatchObject({ valid: true });
    expect(validate({ count: 'many', names: [] })).toMatchObject({ valid: false });
  });

  it('answers a result that breaks the outputSchema with an isError result naming the path, never the bad value', async () => {
    const result = (await client.callTool({
      name: 'CountNames',
      arguments: { names: ['ada'], lie: true },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    expect(text).toContain(
      'Tool "CountNames" returned structuredContent that does not match its outputSchema',
    );
    expect(text).toMatch(/\/count: expected integer.*, got string "many"/);
  });

  it('passes on the structured value of a tool without an outputSchema, unchecked', async () => {
    const result = (await client.callTool({ name: 'DescribeHost', arguments: {} })) as CallToolResult;
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"platform":"test","cores":2}' }],
      structuredContent: { platform: 'test', cores: 2 },
    });
  });

  it('sends a failure of a tool with an outputSchema as isError without structuredContent, which the client accepts', async () => {
    const result = (await client.callTool({ name: 'MissingList', arguments: {} })) as CallToolResult;
    expect(result).toEqual({ content: [{ type: 'text', text: 'No such list.' }], isError: true });
  });
});
