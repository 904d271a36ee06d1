/** This package and its version line, as refusals of another interface version name it. */
export const MCP_SERVER_ACCEPTS = '@toolwright/mcp-server 0.x';
