import { type ArtifactStoreV1, asArtifactStoreV1 } from '@toolwright/spec';
import { McpServerError, McpServerErrorCode } from './mcp-server-error.js';

/** This package and its version line, as refusals of another interface version name it. */
export const MCP_SERVER_ACCEPTS = '@toolwright/mcp-server 0.x';

/**
 * The host's `artifacts` store as a v1 store: a v1 store as it is, one that says no version
 * wrapped as v1 (stores written before the field have the v1 shape); another version refused
 * with `unsupported_specification_version` naming both. Call it after the methods were checked.
 */
export function adaptArtifactStore(store: unknown): ArtifactStoreV1 | undefined {
  if (store === undefined) return undefined;
  const adaptation = asArtifactStoreV1(store, MCP_SERVER_ACCEPTS);
  if (adaptation.ok) return adaptation.value;
  throw new McpServerError(
    adaptation.code === 'unsupported_specification_version'
      ? McpServerErrorCode.UnsupportedSpecificationVersion
      : McpServerErrorCode.InvalidOption,
    `ToolwrightMcpServer: artifacts: ${adaptation.message}.`,
  );
}
