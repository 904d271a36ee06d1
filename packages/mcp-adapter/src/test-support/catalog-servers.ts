import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** A raw tool entry as a server sends it (possibly malformed on purpose). */
export type RawTool = Record<string, unknown>;

/** What a `tools/call` handler returns. */
export type CallHandler = (
  name: string,
  args: Record<string, unknown>,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

/**
 * A low-level SDK server whose `tools/list` is whatever `page` returns: enough to send
 * malformed entries, endless cursors and thousands of tools that the high-level API refuses.
 */
export function rawToolServer(options: {
  page: (cursor: string | undefined) => { tools: RawTool[]; nextCursor?: string };
  call?: CallHandler;
  listChanged?: boolean;
  onServer?: (server: Server) => void;
}): Server {
  const server = new Server(
    { name: 'raw', version: '1.0.0' },
    { capabilities: { tools: { listChanged: options.listChanged ?? false } } },
  );
  server.setRequestHandler(
    ListToolsRequestSchema,
    async (request) => options.page(request.params?.cursor) as never,
  );
  server.setRequestHandler(
    CallToolRequestSchema,
    async (request) =>
      (
        options.call ??
        ((name, args) => ({ content: [{ type: 'text', text: JSON.stringify({ name, args }) }] }))
      )(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>) as never,
  );
  options.onServer?.(server);
  return server;
}

/** `count` simple tools named `<prefix>_<index>` taking `{ value: number }`. */
export function numberedTools(prefix: string, count: number, start = 0): RawTool[] {
  return Array.from({ length: count }, (_, offset) => ({
    name: `${prefix}_${String(start + offset).padStart(4, '0')}`,
    description: `Tool number ${start + offset}.`,
    inputSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
  }));
}

/** A catalog served in pages of `pageSize`, the cursor being the offset. */
export function paged(tools: RawTool[], pageSize: number) {
  return (cursor: string | undefined) => {
    const offset = cursor === undefined ? 0 : Number(cursor);
    const next = offset + pageSize;
    return { tools: tools.slice(offset, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
  };
}
