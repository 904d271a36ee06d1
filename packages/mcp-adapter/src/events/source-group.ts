/**
 * The registry source group that holds a server's tools: `mcp:<server>`. A host passes it to
 * `registry.getBySource` to list them; the adapter replaces exactly that group on every refresh.
 */
export function mcpSourceGroup(server: string): string {
  return `mcp:${server}`;
}
