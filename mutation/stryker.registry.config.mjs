import { guardConfig } from './stryker.shared.mjs';

// An MCP catalog is checked whole (a Tool, source mcp, its server, no built-in's name, no
// duplicate) and diffed before anything changes, then applied; built-ins are checked on
// register; names given to load/unload are checked before the loaded state moves.
export default guardConfig('registry', {
  mutate: [
    'src/mcp-catalog-diff.ts',
    'src/mcp-catalog-apply.ts',
    'src/tool-names.ts',
    'src/builtin-checks.ts',
  ],
});
