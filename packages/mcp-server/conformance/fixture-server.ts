import { ToolRegistry } from '@toolwright/registry';
import type { McpServerDefinition } from '../src/index.js';
import { createClientRequestTools } from './fixture-client-request-tools.js';
import { createContentTools } from './fixture-content-tools.js';
import { FIXTURE_PROMPTS } from './fixture-prompts.js';
import { FIXTURE_RESOURCE_TEMPLATES, FIXTURE_RESOURCES } from './fixture-resources.js';

/**
 * The config module the official MCP conformance suite runs against (`toolwright-mcp-server
 * --config fixture-server.js --http 0`): every tool the server scenarios call, as a toolwright
 * tool in a `ToolRegistry`, and the resources and prompts they read, as host definitions.
 */
export default function createServer(): McpServerDefinition {
  const registry = new ToolRegistry();
  registry.registerAll([...createContentTools(), ...createClientRequestTools()], { atomic: true });
  return {
    registry,
    serverInfo: { name: 'toolwright-conformance-fixture', version: '1.0.0' },
    resources: FIXTURE_RESOURCES,
    resourceTemplates: FIXTURE_RESOURCE_TEMPLATES,
    prompts: FIXTURE_PROMPTS,
  };
}
