import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_SEARCH_RESULTS',
    'DeferredToolManager',
    'MAX_REGEX_PATTERN_LENGTH',
    'MAX_SEARCH_RESULTS',
    'PROVIDER_TOOL_LIMITS',
    'PROVIDER_TOOL_SEARCH_TARGETS',
    'PROVIDER_TOOL_SEARCH_VARIANTS',
    'RegisterAllError',
    'RegistryError',
    'RegistryErrorCode',
    'TOOL_SEARCH_NAME',
    'ToolRegistry',
    'createToolSearchTool',
    'providerToolSearchVariants',
  ]);
});
