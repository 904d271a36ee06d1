import type { McpChangeEventV1, McpChangeKindV1 } from '@toolwright/spec';

/** Every change kind, as the MCP SDK's `ServerEvent` names them. */
export const CHANGE_KINDS: readonly McpChangeKindV1[] = Object.freeze([
  'tools_list_changed',
  'prompts_list_changed',
  'resources_list_changed',
  'resource_updated',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with `value` as an {@link McpChangeEventV1}, or `undefined` when nothing is. */
export function changeEventProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'a change event is an object such as { kind: "tools_list_changed" }';
  if (!CHANGE_KINDS.includes(value.kind as McpChangeKindV1))
    return `its kind must be one of ${CHANGE_KINDS.join(', ')}; got ${JSON.stringify(value.kind)}`;
  if (value.kind === 'resource_updated' && typeof value.uri !== 'string')
    return `a resource_updated event names its resource: uri must be a string; got ${typeof value.uri}`;
  if (value.params !== undefined && !isObject(value.params))
    return `params, when given, must be an object (the notification's params); got ${typeof value.params}`;
  return undefined;
}
