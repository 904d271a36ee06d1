import { createHash } from 'node:crypto';
import type { Tool } from '@toolwright/contracts';
import { canonicalJson } from '@toolwright/utils';

/** What a tool was when a call of it asked for approval. */
export interface ToolFingerprint {
  readonly fingerprint: string;
  /** True when it is an MCP server's definition of the tool, as the adapter fingerprinted it. */
  readonly fromServer: boolean;
}

/**
 * An MCP tool's source fingerprint (its server's name, description, schema and annotations); for
 * any other tool a SHA-256 of its declaration (`getMetadata()` in canonical JSON: name, kind,
 * description, input schema, capabilities), so that an approval given for one definition does not
 * carry over to a changed one.
 */
export function toolFingerprintOf(tool: Tool): ToolFingerprint {
  if (tool.source.type === 'mcp') return { fingerprint: tool.source.fingerprint, fromServer: true };
  const declaration = canonicalJson(tool.getMetadata());
  return { fingerprint: createHash('sha256').update(declaration).digest('hex'), fromServer: false };
}
