import { randomUUID } from 'node:crypto';
import { type McpRequestContext, Server } from '@modelcontextprotocol/server';
import { GrantedArtifacts } from '../resources/granted-artifacts.js';
import { traceRequestHandlers } from '../telemetry/traced-request-handlers.js';
import { serverCapabilities } from './capabilities.js';
import { carriedInputCodec } from './carried-input.js';
import type { InFlightCalls } from './in-flight-calls.js';
import { registerCompletionHandler, registerPromptHandlers } from './prompt-handlers.js';
import { registerResourceHandlers } from './resource-handlers.js';
import { type ServerCore, servesResources } from './server-core.js';
import { registerToolHandlers } from './tool-handlers.js';

/**
 * Makes the SDK `Server` that answers one stateless (2026-07-28) request: the same tools,
 * resources and prompts as a 2025 session, with nothing kept between requests. Who the request
 * is from (its bearer token's client) decides which artifacts it may read back; what a tool's
 * earlier rounds were answered travels in the signed `requestState`. `calls` is the server's
 * set of running stateless calls, which its shutdown drains.
 */
export function statelessServerFactory(
  core: ServerCore,
  calls: InFlightCalls,
): (context: McpRequestContext) => Server {
  const codec = carriedInputCodec(core.signingKeys.requestState);
  return (context) => {
    const server = new Server(core.serverInfo, {
      capabilities: serverCapabilities(core),
      ...(core.instructions === undefined ? {} : { instructions: core.instructions }),
      requestState: { verify: codec.verify },
    });
    traceRequestHandlers(server, core.telemetry);
    const scope = {
      sessionId: `stateless-${randomUUID()}`,
      logLevel: undefined,
      calls,
      artifacts: new GrantedArtifacts(
        core.signingKeys.artifactGrants,
        `client:${context.authInfo?.clientId ?? ''}`,
      ),
      subscriptions: new Set<string>(),
    };
    registerToolHandlers(server, core, scope, codec);
    if (servesResources(core)) registerResourceHandlers(server, core, scope);
    if (!core.prompts.isEmpty) registerPromptHandlers(server, core, scope, codec);
    if (!core.prompts.isEmpty || core.resources.hasTemplates) registerCompletionHandler(server, core);
    return server;
  };
}
