import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import type { McpServerDefinition } from '../src/index.js';
import { createClientRequestTools } from './fixture-client-request-tools.js';
import { createContentTools } from './fixture-content-tools.js';
import { createInputRequiredTools } from './fixture-input-required-tools.js';
import { FIXTURE_PROMPTS } from './fixture-prompts.js';
import { FIXTURE_RESOURCE_TEMPLATES, FIXTURE_RESOURCES } from './fixture-resources.js';

/**
 * The config module the official MCP conformance suite runs against (`toolwright-mcp-server
 * --config fixture-server.js --http 0`): every tool the server scenarios call, as a toolwright
 * tool in a `ToolRegistry`, and the resources and prompts they read, as host definitions.
 */
export default function createServer(): McpServerDefinition {
  const registry = new ToolRegistry();
  registry.registerAll(
    [
      ...createContentTools(),
      ...createClientRequestTools(),
      ...createInputRequiredTools(),
      toolChangeTrigger(registry),
    ],
    { atomic: true },
  );
  return {
    registry,
    serverInfo: { name: 'toolwright-conformance-fixture', version: '1.0.0' },
    resources: FIXTURE_RESOURCES,
    resourceTemplates: FIXTURE_RESOURCE_TEMPLATES,
    prompts: FIXTURE_PROMPTS,
  };
}

/**
 * `test_trigger_tool_change` (the `server-stateless` scenario): adds a tool to the registry, or
 * takes it away again, so that listening clients get `notifications/tools/list_changed`.
 */
function toolChangeTrigger(registry: ToolRegistry): Tool {
  const extra = createTool({
    name: 'test_added_tool',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: 'Appears and disappears as test_trigger_tool_change is called',
    execute: async () => ToolResults.success('here'),
  });
  return createTool({
    name: 'test_trigger_tool_change',
    kind: ToolKind.Write,
    schema: Type.Object({}),
    description: 'Changes the tool list, so that listening clients are told',
    execute: async () => {
      if (!registry.has(extra.name)) registry.register(extra);
      else registry.unregister(extra.name);
      return ToolResults.success('the tool list changed');
    },
  });
}
