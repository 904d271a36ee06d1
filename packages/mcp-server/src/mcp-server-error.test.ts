import { ToolwrightError } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { McpServerError } from './mcp-server-error.js';

describe('McpServerError', () => {
  it('is a ToolwrightError with its own marker, recognised across copies and not confused with others', () => {
    const error = new McpServerError('server_closed', 'closed');
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(McpServerError.isInstance(error)).toBe(true);
    expect(McpServerError.isInstance(new ToolwrightError('server_closed', 'other'))).toBe(false);
    // Another installed copy marks its prototype with the same Symbol.for key.
    const foreign = Object.create({ [Symbol.for('toolwright.mcp-server.McpServerError')]: true }) as object;
    expect(McpServerError.isInstance(foreign)).toBe(true);
  });
});
