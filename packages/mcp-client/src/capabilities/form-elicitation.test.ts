import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpConnectionManagerOptions } from '../connection-manager.js';
import { nodeManager } from '../test-support/helpers.js';
import type { McpElicitationAnswer } from './client-capability-types.js';

const requestedSchema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const },
    age: { type: 'integer' as const, minimum: 0, default: 30 },
  },
  required: ['name'],
};

/** A server whose tool `ask` elicits a form and answers with what the client sent, or its error. */
async function askingServerTransport() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new McpServer({ name: 'asking', version: '1.0.0' });
  server.registerTool('ask', { description: 'Asks the user for a name.' }, async () => {
    try {
      const result = await server.server.elicitInput({ message: 'Who are you?', requestedSchema });
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
    }
  });
  await server.connect(serverSide);
  return clientSide;
}

let managers: Array<ReturnType<typeof nodeManager>> = [];
afterEach(async () => {
  for (const manager of managers) await manager.closeAll();
  managers = [];
});

async function ask(answer: unknown, options: McpConnectionManagerOptions = {}): Promise<string> {
  const manager = nodeManager(
    [{ name: 'asking', transport: 'custom', createTransport: askingServerTransport }],
    {
      clientCapabilities: { elicitation: () => answer as McpElicitationAnswer },
      ...options,
    },
  );
  managers.push(manager);
  expect((await manager.connectAll()).failed).toEqual([]);
  const result = await manager
    .get('asking')
    .request('tools/call "ask"', (client, requestOptions) =>
      client.callTool({ name: 'ask' }, requestOptions),
    );
  return (result.content as Array<{ text: string }>)[0]?.text ?? '';
}

describe('a form elicitation answer is checked against the requested schema before it is sent', () => {
  it('without a check given, the restricted MCP form check: defaults filled, a wrong field refused by name', async () => {
    expect(JSON.parse(await ask({ action: 'accept', content: { name: 'Ada' } }))).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 30 },
    });
    const refused = await ask({ action: 'accept', content: { name: 'Ada', age: -1 } });
    expect(refused).toContain(
      `the client's answer did not match the requested schema and was not sent: field "age" must be an integer of at least 0; got integer -1`,
    );
    expect(await ask({ action: 'accept', content: 'Ada' })).toContain(
      `was not sent: content must be an object of the form's fields; got "Ada"`,
    );
  });

  it('a host-given check decides instead; a schema it throws on is refused to the server', async () => {
    const upperCaseNames: McpConnectionManagerOptions['formAnswerCheck'] = (schema, subject) => {
      if (schema.properties === undefined) throw new Error(`${subject} has no fields`);
      return (content) =>
        typeof content.name === 'string' && content.name === content.name.toUpperCase()
          ? { ok: true, content }
          : { ok: false, problem: 'field "name" must be upper case' };
    };
    expect(
      await ask({ action: 'accept', content: { name: 'ADA' } }, { formAnswerCheck: upperCaseNames }),
    ).toBe(JSON.stringify({ action: 'accept', content: { name: 'ADA' } }));
    expect(
      await ask({ action: 'accept', content: { name: 'Ada' } }, { formAnswerCheck: upperCaseNames }),
    ).toContain('was not sent: field "name" must be upper case');
    const noFields: McpConnectionManagerOptions['formAnswerCheck'] = (_schema, subject) => {
      throw new Error(`${subject} cannot be checked`);
    };
    expect(await ask({ action: 'decline' }, { formAnswerCheck: noFields })).toContain(
      'requestedSchema refused: elicitation from MCP server "asking" cannot be checked',
    );
  });
});
