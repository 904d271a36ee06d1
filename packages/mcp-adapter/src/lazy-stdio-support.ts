import { createRequire } from 'node:module';
import type { McpStdioSupport } from '@toolwright/mcp-client';

type StdioEntry = typeof import('@toolwright/mcp-client/stdio');

let loading: Promise<McpStdioSupport> | undefined;

/**
 * `@toolwright/mcp-client/stdio`, loaded on the first stdio connect rather than with the package:
 * the SDK's stdio transport and its process spawning cost about a tenth of the adapter's import,
 * and a process that only talks to HTTP servers never needs them. Each build loads its own kind
 * of the entry (the CommonJS build `require`s it, the ES one imports it), so the stdio support
 * shares the module state of the mcp-client copy the rest of the adapter uses.
 */
function loadStdioSupport(): Promise<McpStdioSupport> {
  // `import.meta.url` is what tells the builds apart: a loader running the ES build may still
  // define `__filename` (Vitest does), and that build must import, not require, the entry.
  loading ??=
    import.meta.url === undefined
      ? Promise.resolve(
          (createRequire(__filename)('@toolwright/mcp-client/stdio') as StdioEntry).stdioSupport,
        )
      : import('@toolwright/mcp-client/stdio').then((entry) => entry.stdioSupport);
  return loading;
}

/** The adapter's stdio support: `stdioSupport` of `@toolwright/mcp-client/stdio`, loaded on first use. */
export const lazyStdioSupport: McpStdioSupport = Object.freeze({
  transport: async (definition, io) => (await loadStdioSupport()).transport(definition, io),
  endProcessTree: async (pid, close, graceMs) =>
    (await loadStdioSupport()).endProcessTree(pid, close, graceMs),
} satisfies McpStdioSupport);
