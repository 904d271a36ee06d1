import type { FunctionDeclaration } from '@toolwright/contracts';
import type { FunctionTool, NamespaceTool, Tool, ToolSearchTool } from 'openai/resources/responses/responses';
import type { ModelRequest } from './model-provider.js';

/** What of a request decides its `tools`. */
export type ResponsesToolsInput = Pick<
  ModelRequest,
  'tools' | 'deferLoading' | 'providerToolSearch' | 'deferredNamespaces'
>;

/**
 * The Responses API `tools` of a request: each declaration as a strict (where the tool declared
 * it) `function`. With OpenAI's tool search on and something deferred, the deferred ones go
 * inside their `namespace` (from the registry's `deferredNamespaces`) marked `defer_loading`, and
 * `{ type: 'tool_search' }` comes last; a deferred name in no namespace is sent as a deferred
 * function on its own. The one mapping both the provider and `tools --json` use.
 */
export function openAiResponsesTools(request: ResponsesToolsInput): Tool[] {
  const deferred = new Set(request.providerToolSearch === undefined ? [] : (request.deferLoading ?? []));
  if (deferred.size === 0) return request.tools.map((declaration) => functionTool(declaration));
  const byName = new Map(request.tools.map((declaration) => [declaration.name, declaration]));
  const grouped = new Set<string>();
  const namespaces: NamespaceTool[] = [];
  for (const namespace of request.deferredNamespaces ?? []) {
    const tools: NamespaceTool.Function[] = [];
    for (const name of namespace.tools) {
      const declaration = byName.get(name);
      if (declaration === undefined || !deferred.has(name)) continue;
      grouped.add(name);
      tools.push({ ...functionTool(declaration), defer_loading: true });
    }
    if (tools.length > 0) {
      namespaces.push({ type: 'namespace', name: namespace.name, description: namespace.description, tools });
    }
  }
  const direct = request.tools.filter((declaration) => !deferred.has(declaration.name));
  const loose = request.tools.filter(
    (declaration) => deferred.has(declaration.name) && !grouped.has(declaration.name),
  );
  const search: ToolSearchTool = { type: 'tool_search' };
  return [
    ...direct.map((declaration) => functionTool(declaration)),
    ...namespaces,
    ...loose.map((declaration) => ({ ...functionTool(declaration), defer_loading: true })),
    search,
  ];
}

function functionTool(declaration: FunctionDeclaration): FunctionTool {
  return {
    type: 'function',
    name: declaration.name,
    description: declaration.description,
    parameters: declaration.parameters,
    // Strict only where the tool declared it: its schema was then projected for strict mode.
    strict: declaration.strict === true,
  };
}
