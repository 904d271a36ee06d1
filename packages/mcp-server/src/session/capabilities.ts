import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { type ServerCore, servesResources } from './server-core.js';

/**
 * What this server declares: tools with `listChanged` (the registry changes at run time),
 * logging (tools may log through their session context), resources when there is a store or
 * host resources (`subscribe`, and `listChanged` since artifacts appear as tools run), prompts
 * when the host has some, and completions when there is anything to complete.
 */
export function serverCapabilities(core: ServerCore): ServerCapabilities {
  const resources = servesResources(core);
  const prompts = !core.prompts.isEmpty;
  return {
    tools: { listChanged: true },
    logging: {},
    ...(resources ? { resources: { subscribe: true, listChanged: true } } : {}),
    ...(prompts ? { prompts: { listChanged: false } } : {}),
    ...(prompts || core.resources.hasTemplates ? { completions: {} } : {}),
  };
}
