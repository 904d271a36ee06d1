import type { ClientRequest, StandardSchemaV1 } from '@modelcontextprotocol/client';
import {
  CompleteResultSchema,
  EmptyResultSchema,
  GetPromptResultSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/core';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  createTool,
  type Tool,
  type ToolConfig,
  ToolKind,
  type ToolResult,
  ToolResults,
} from '@toolwright/contracts';
import type { ServerConnection } from '@toolwright/mcp-client';
import { type McpAdapterServices, servicesOf } from './adapter-services.js';
import type { McpCatalogEntry } from './catalog-screen.js';
import { ContentRouter } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { Type } from './lazy-type-builder.js';
import type { McpAdapter } from './mcp-adapter.js';

const serverName = () =>
  Type.String({ minLength: 1, description: 'The MCP server name, as in the mcpServers configuration.' });

/**
 * A helper tool: read-only, safe to run beside other calls, in the `mcp` category. They only ask
 * a server (lists, reads, completions, subscriptions); none changes anything of the user's.
 */
function helperTool<S extends TSchema>(
  config: Omit<ToolConfig<S, Static<S>>, 'kind' | 'isConcurrencySafe' | 'category' | 'tags'>,
): Tool<Static<S>> {
  return createTool<S, Static<S>>({
    ...config,
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    category: 'mcp',
    tags: ['mcp'],
  });
}

/** Sends one request to a connected server, labelled `label` in timeouts and errors. */
function requestOf<T extends StandardSchemaV1>(
  connection: ServerConnection,
  label: string,
  request: ClientRequest,
  resultSchema: T,
  signal: AbortSignal,
): Promise<StandardSchemaV1.InferOutput<T>> {
  return connection.request(
    label,
    (client, options) => client.request(request, resultSchema, options),
    signal,
  );
}

function requireCapability(
  connection: ServerConnection,
  check: (capabilities: Record<string, unknown>) => boolean,
  what: string,
): void {
  const capabilities = (connection.client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  if (!check(capabilities)) {
    throw new McpAdapterError(
      McpAdapterErrorCode.CapabilityMissing,
      `MCP server "${connection.name}" does not offer ${what} (its capabilities do not include it)`,
      { server: connection.name },
    );
  }
}

/** Renders data from servers as untrusted, spilling it when large. */
async function renderListing(
  services: McpAdapterServices,
  entries: Array<[string, unknown]>,
  emptyText: string,
): Promise<ToolResult> {
  if (entries.length === 0) return ToolResults.success(emptyText);
  const parts = [];
  const artifacts = [];
  for (const [server, value] of entries) {
    const router = new ContentRouter(server, services.artifacts, services.routing);
    await router.addText(JSON.stringify(value, null, 1));
    parts.push(...router.parts);
    artifacts.push(...router.artifacts);
  }
  return ToolResults.success(parts, { artifacts });
}

function selectedServers(services: McpAdapterServices, server: string | undefined): string[] {
  if (server !== undefined) {
    services.connection(server);
    return [server];
  }
  // A server that is down offers nothing now, whatever it listed before.
  return services
    .servers()
    .filter((status) => status.phase === 'connected' || status.phase === 'recovered')
    .map((status) => status.server);
}

function listingTool(
  services: McpAdapterServices,
  name: string,
  description: string,
  pick: (catalog: ReturnType<McpAdapterServices['catalog']>) => readonly McpCatalogEntry[],
  what: string,
): Tool {
  return helperTool({
    name,
    schema: Type.Object({ server: Type.Optional(serverName()) }),
    description,
    execute: async (params, context) =>
      services.guard(async () => {
        const entries: Array<[string, unknown]> = [];
        for (const server of selectedServers(services, params.server)) {
          const listed = pick(services.catalog(server));
          if (listed.length > 0) entries.push([server, listed]);
        }
        return renderListing(
          services,
          entries,
          `No ${what} offered by ${params.server === undefined ? 'any connected MCP server' : `MCP server "${params.server}"`}.`,
        );
      }, context.signal),
  });
}

/**
 * The built-in helper tools for MCP content: list resources and resource templates, read a
 * resource, list prompts, get a prompt, complete an argument, subscribe and unsubscribe to
 * resource updates. Register them like any built-in (`registry.registerAll(...)`).
 */
export function createMcpContentTools(adapter: McpAdapter): Tool[] {
  const services = servicesOf(adapter);
  const withServer = (
    server: string,
    signal: AbortSignal,
    operation: (connection: ServerConnection) => Promise<ToolResult>,
  ) => services.run(server, operation, signal);

  return [
    listingTool(
      services,
      'McpListResources',
      'Lists the resources MCP servers offer (URI, name, MIME type, description).',
      (catalog) => catalog.resources,
      'resources',
    ),
    listingTool(
      services,
      'McpListResourceTemplates',
      'Lists the resource templates MCP servers offer (URI templates a resource URI can be built from).',
      (catalog) => catalog.resourceTemplates,
      'resource templates',
    ),
    listingTool(
      services,
      'McpListPrompts',
      'Lists the prompts MCP servers offer, with their arguments.',
      (catalog) => catalog.prompts,
      'prompts',
    ),
    helperTool({
      name: 'McpReadResource',
      schema: Type.Object({
        server: serverName(),
        uri: Type.String({ minLength: 1, description: 'The resource URI.' }),
      }),
      description:
        'Reads a resource from an MCP server. Large or binary contents are stored as artifacts with a preview.',
      execute: async (params, context) =>
        withServer(params.server, context.signal, async (connection) => {
          requireCapability(connection, (capabilities) => capabilities.resources !== undefined, 'resources');
          const result = await requestOf(
            connection,
            `resources/read ${params.uri}`,
            { method: 'resources/read', params: { uri: params.uri } },
            ReadResourceResultSchema,
            context.signal,
          );
          const router = new ContentRouter(params.server, services.artifacts, services.routing);
          for (const contents of result.contents) await router.addResourceContents(contents);
          if (result.contents.length === 0)
            router.addHostText(`Resource ${params.uri} of MCP server "${params.server}" is empty.`);
          return ToolResults.success(router.parts, {
            artifacts: router.artifacts,
            metadata: { server: params.server, uri: params.uri },
          });
        }),
    }),
    helperTool({
      name: 'McpGetPrompt',
      schema: Type.Object({
        server: serverName(),
        name: Type.String({ minLength: 1, description: 'The prompt name (see McpListPrompts).' }),
        arguments: Type.Optional(
          Type.Record(Type.String(), Type.String(), { description: 'Prompt arguments by name.' }),
        ),
      }),
      description:
        'Gets a prompt from an MCP server, with its arguments filled in; every message part is kept.',
      execute: async (params, context) =>
        withServer(params.server, context.signal, async (connection) => {
          requireCapability(connection, (capabilities) => capabilities.prompts !== undefined, 'prompts');
          const result = await requestOf(
            connection,
            `prompts/get "${params.name}"`,
            {
              method: 'prompts/get',
              params: {
                name: params.name,
                ...(params.arguments === undefined ? {} : { arguments: { ...params.arguments } }),
              },
            },
            GetPromptResultSchema,
            context.signal,
          );
          const router = new ContentRouter(params.server, services.artifacts, services.routing);
          if (result.description !== undefined)
            await router.addText(result.description, 'prompt description');
          for (const message of result.messages) {
            router.addHostText(`[${message.role}]`);
            await router.addBlock(message.content);
          }
          return ToolResults.success(router.parts, {
            artifacts: router.artifacts,
            metadata: { server: params.server, prompt: params.name },
          });
        }),
    }),
    helperTool({
      name: 'McpCompleteArgument',
      schema: Type.Object({
        server: serverName(),
        prompt: Type.Optional(
          Type.String({ minLength: 1, description: 'Complete an argument of this prompt...' }),
        ),
        resourceTemplate: Type.Optional(
          Type.String({ minLength: 1, description: '...or of this resource URI template.' }),
        ),
        argument: Type.String({ minLength: 1, description: 'The argument name.' }),
        value: Type.String({ description: 'What has been typed so far.' }),
        context: Type.Optional(
          Type.Record(Type.String(), Type.String(), { description: 'Arguments already chosen.' }),
        ),
      }),
      description: 'Asks an MCP server for completions of a prompt or resource-template argument.',
      execute: async (params, context) => {
        if ((params.prompt === undefined) === (params.resourceTemplate === undefined)) {
          return ToolResults.validationError(
            `give exactly one of "prompt" or "resourceTemplate" (got ${params.prompt === undefined ? 'neither' : 'both'})`,
          );
        }
        return withServer(params.server, context.signal, async (connection) => {
          requireCapability(
            connection,
            (capabilities) => capabilities.completions !== undefined,
            'argument completion',
          );
          const ref =
            params.prompt !== undefined
              ? { type: 'ref/prompt' as const, name: params.prompt }
              : { type: 'ref/resource' as const, uri: params.resourceTemplate! };
          const result = await requestOf(
            connection,
            'completion/complete',
            {
              method: 'completion/complete',
              params: {
                ref,
                argument: { name: params.argument, value: params.value },
                ...(params.context === undefined ? {} : { context: { arguments: { ...params.context } } }),
              },
            },
            CompleteResultSchema,
            context.signal,
          );
          return renderListing(services, [[params.server, result.completion]], 'No completions.');
        });
      },
    }),
    ...(['subscribe', 'unsubscribe'] as const).map((action) =>
      helperTool({
        name: action === 'subscribe' ? 'McpSubscribeResource' : 'McpUnsubscribeResource',
        schema: Type.Object({
          server: serverName(),
          uri: Type.String({ minLength: 1, description: 'The resource URI.' }),
        }),
        description:
          action === 'subscribe'
            ? 'Subscribes to updates of an MCP resource; updates are reported to the agent as they arrive.'
            : 'Stops updates of an MCP resource subscribed to before.',
        execute: async (params, context) =>
          withServer(params.server, context.signal, async (connection) => {
            requireCapability(
              connection,
              (capabilities) =>
                (capabilities.resources as { subscribe?: boolean } | undefined)?.subscribe === true,
              'resource subscriptions',
            );
            await requestOf(
              connection,
              `resources/${action} ${params.uri}`,
              { method: `resources/${action}`, params: { uri: params.uri } },
              EmptyResultSchema,
              context.signal,
            );
            services.trackSubscription(params.server, params.uri, action === 'subscribe');
            return ToolResults.success(
              `${action === 'subscribe' ? 'Subscribed to' : 'Unsubscribed from'} ${params.uri} on MCP server "${params.server}".`,
            );
          }),
      }),
    ),
  ];
}
