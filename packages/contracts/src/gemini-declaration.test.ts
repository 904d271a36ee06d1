import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

function jsonSchemaTool(name: string, schema: Record<string, unknown>) {
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema,
    description: 'Looks something up.',
    execute: async () => ToolResults.success('ok'),
  });
}

describe('a Gemini declaration', () => {
  it('never holds a type beside anyOf', () => {
    const tool = jsonSchemaTool('lookup', {
      type: 'object',
      properties: { key: { type: 'string', anyOf: [{ minLength: 3 }, { format: 'uuid' }] } },
    });
    expect(tool.getFunctionDeclaration('gemini').parameters.properties).toEqual({
      key: {
        anyOf: [
          { type: 'string', minLength: 3 },
          { type: 'string', description: '(format "uuid")' },
        ],
      },
    });
  });

  it('of a schema Gemini cannot hold names the tool and the node', () => {
    const tool = jsonSchemaTool('lookup', {
      type: 'object',
      properties: { key: { type: 'string', anyOf: [{ type: 'integer' }] } },
    });
    expect(() => tool.getFunctionDeclaration('gemini')).toThrow(
      'tool "lookup": cannot project to Gemini: the schema at /properties/key accepts no value (type "string" fits none of its alternatives (integer))',
    );
    // The other targets are unaffected.
    expect(tool.getFunctionDeclaration('anthropic').name).toBe('lookup');
  });
});
