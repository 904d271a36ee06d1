import { describe, expect, it } from 'vitest';
import { sampleInput } from './sample-input.js';

describe('sampleInput', () => {
  it('builds the smallest input the schema asks for: required properties, first values, lower bounds', () => {
    expect(
      sampleInput({
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 2 },
          mode: { enum: ['fast', 'slow'] },
          kind: { const: 'file' },
          count: { type: 'integer', minimum: 3 },
          tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
          limit: { type: 'integer', default: 10 },
          note: { type: 'string' },
        },
        required: ['path', 'mode', 'kind', 'count', 'tags'],
      }),
    ).toEqual({ path: 'aa', mode: 'fast', kind: 'file', count: 3, tags: [''] });
  });

  it('follows local references', () => {
    expect(
      sampleInput({
        type: 'object',
        properties: { node: { $ref: '#/$defs/Node' } },
        required: ['node'],
        $defs: { Node: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      }),
    ).toEqual({ node: { name: '' } });
  });
});
