import { createHash } from 'node:crypto';

/** The portable tool-name pattern every provider accepts (OpenAI, Anthropic, Gemini). */
const PORTABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/**
 * The provider-safe name of an MCP tool: `mcp__<server>__<tool>`.
 *
 * When that name already matches `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$` it is used as is. Otherwise
 * every other character becomes `_`, the name is shortened to fit 64 characters, and an
 * 8-character hash of the exact (server, tool) pair is appended. The suffix depends only on
 * the pair, never on which other tools exist or their order, so a name is stable across
 * catalog refreshes and two tools that sanitise alike still get different names.
 */
export function mcpToolName(server: string, toolName: string): string {
  const plain = `mcp__${server}__${toolName}`;
  if (PORTABLE_NAME.test(plain)) return plain;
  const hash = createHash('sha256')
    .update(server)
    .update('\0')
    .update(toolName)
    .digest('hex')
    .slice(0, HASH_LENGTH);
  const sanitised = plain.replace(/[^a-zA-Z0-9_-]/g, '_');
  return `${sanitised.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

/** Where a provider-facing MCP tool name leads: the server and the tool's real name there. */
export interface McpToolTarget {
  readonly server: string;
  readonly toolName: string;
}

/**
 * Maps provider-facing names back to (server, real tool name). Calls always go to the server
 * under the real name, whatever the model saw.
 */
export class McpToolNameMap {
  readonly #byName = new Map<string, McpToolTarget>();

  /**
   * Names the tool and remembers the reverse mapping. Returns `undefined` (and records nothing)
   * when the name is already taken by a different (server, tool) pair, which only a hash
   * collision or a tool literally named like another's sanitised form can cause.
   */
  add(server: string, toolName: string): string | undefined {
    const name = mcpToolName(server, toolName);
    const existing = this.#byName.get(name);
    if (existing !== undefined && (existing.server !== server || existing.toolName !== toolName))
      return undefined;
    this.#byName.set(name, { server, toolName });
    return name;
  }

  /** Forgets every name that belongs to `server`. */
  removeServer(server: string): void {
    for (const [name, target] of this.#byName) {
      if (target.server === server) this.#byName.delete(name);
    }
  }

  /** The server and real tool name behind a provider-facing name. */
  resolve(name: string): McpToolTarget | undefined {
    return this.#byName.get(name);
  }

  /** How many names are mapped. */
  get size(): number {
    return this.#byName.size;
  }
}
