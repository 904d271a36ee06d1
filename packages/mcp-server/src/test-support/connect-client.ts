import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** A raw SDK client connected to `url` over Streamable HTTP. */
export async function connectHttpClient(
  url: string,
  options: { capabilities?: ClientCapabilities; headers?: Record<string, string> } = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name: 'toolwright-test-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(options.headers === undefined ? {} : { requestInit: { headers: options.headers } }),
  });
  await client.connect(transport);
  return { client, transport };
}
