import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { describe, expect, it } from 'vitest';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { sessionFixtures, toolCall } from '../test-support/executor-fixture.js';
import { connectMcpServers } from './mcp-servers.js';

const fixture = sessionFixtures();

const HELPER_TOOLS = [
  'McpListResources',
  'McpListResourceTemplates',
  'McpListPrompts',
  'McpReadResource',
  'McpGetPrompt',
  'McpCompleteArgument',
  'McpSubscribeResource',
  'McpUnsubscribeResource',
  'McpStartTask',
  'McpListTasks',
  'McpGetTask',
  'McpCancelTask',
];

describe('MCP helper tools in the agent', () => {
  it('registers the resource, prompt and task tools for the connected servers, and removes them on close', async () => {
    // McpStartTask runs a server's tool: like any execute tool it needs a rule (or an approval).
    const setup = fixture({ permissions: { allow: ['McpStartTask'] } });
    const servers = await connectMcpServers(
      setup.session,
      parseMcpServersConfig({
        mcpServers: { everything: { command: process.execPath, args: [everythingServerEntry(), 'stdio'] } },
      }),
    );
    try {
      for (const name of HELPER_TOOLS) expect(setup.session.registry.get(name)?.name).toBe(name);
      const [resource, prompt, task] = await setup.session.executor.executeBatch([
        toolCall('McpReadResource', { server: 'everything', uri: 'demo://resource/dynamic/text/1' }),
        toolCall('McpGetPrompt', {
          server: 'everything',
          name: 'completable-prompt',
          arguments: { department: 'Engineering', name: 'Bob' },
        }),
        toolCall('McpStartTask', {
          server: 'everything',
          tool: 'simulate-research-query',
          arguments: { topic: 'tides' },
        }),
      ]);
      expect(resource?.status).toBe('success');
      expect(resource?.content).toContain('demo://resource/dynamic/text/1');
      expect(prompt?.status).toBe('success');
      expect(prompt?.content).toContain('Please promote Bob to the head of the Engineering team.');
      expect(task?.status).toBe('success');
      expect(task?.content).toMatch(/MCP task [0-9a-f]{32} on server "everything": working/);
    } finally {
      await servers.close();
    }
    for (const name of HELPER_TOOLS) expect(setup.session.registry.get(name)).toBeUndefined();
  }, 60_000);

  it('registers no helper tool when no server is configured', async () => {
    const setup = fixture();
    const servers = await connectMcpServers(setup.session, []);
    expect(setup.session.registry.get('McpReadResource')).toBeUndefined();
    await servers.close();
  });
});
