import { describe, expectTypeOf, it } from 'vitest';
import type { McpReconnectResult } from './mcp-adapter-results.js';

describe('McpReconnectResult', () => {
  it('carries both spellings of the nothing-to-do outcome while the kebab-case one is deprecated', () => {
    // A host matching the snake_case spelling, which replaces it in the next minor, compiles now.
    expectTypeOf<'already_connected'>().toMatchTypeOf<McpReconnectResult['outcome']>();
    expectTypeOf<'already-connected'>().toMatchTypeOf<McpReconnectResult['outcome']>();
    expectTypeOf<McpReconnectResult['outcome']>().toEqualTypeOf<
      'connected' | 'recovered' | 'already-connected' | 'already_connected' | 'failed'
    >();
  });
});
