import { Type } from '@sinclair/typebox';
import { lintToolDeclaration, projectSchema } from '@toolwright/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { UnsupportedProviderTargetError } from './errors.js';
import { PROVIDER_TARGETS, toProviderToolFormat } from './function-declaration.js';
import { readFileTool } from './test-support/example-tools.js';
import { renderToolDescription } from './tool-description.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

const searchSchema = () =>
  Type.Object({
    query: Type.String({ description: 'What to look for.' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 10 })),
    scope: Type.Optional(Type.Union([Type.Literal('files'), Type.Literal('symbols')])),
  });

function searchTool(strict: boolean) {
  return createTool({
    name: 'Search',
    kind: ToolKind.ReadOnly,
    strict,
    schema: searchSchema(),
    description: {
      important: 'Search before reading whole directories.',
      examples: ['{"query": "createTool"}'],
      usageNotes: 'Prefer specific queries.',
      long: 'Searches the workspace index.',
      short: 'Finds code by text.',
    },
    execute: async () => ToolResults.success('[]'),
  });
}

describe('getFunctionDeclaration', () => {
  it('renders the description parts in the fixed order whatever order they were given in', () => {
    expect(searchTool(false).getFunctionDeclaration().description).toBe(
      [
        'Finds code by text.',
        'Searches the workspace index.',
        'Usage notes:\nPrefer specific queries.',
        'Examples:\n- {"query": "createTool"}',
        'IMPORTANT: Search before reading whole directories.',
      ].join('\n\n'),
    );
  });

  it('keeps the order for any combination of parts (property)', () => {
    const part = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(
        part,
        fc.option(part, { nil: undefined }),
        fc.option(part, { nil: undefined }),
        fc.option(fc.array(part, { maxLength: 3 }), { nil: undefined }),
        fc.option(part, { nil: undefined }),
        (short, long, usageNotes, examples, important) => {
          const description = { short, long, usageNotes, examples, important };
          const rendered = renderToolDescription(description as never);
          expect(renderToolDescription(description as never)).toBe(rendered);
          const positions = [
            rendered.indexOf(short.trim()),
            long === undefined ? -2 : rendered.indexOf(long.trim(), short.trim().length),
            usageNotes === undefined ? -2 : rendered.indexOf('Usage notes:\n'),
            examples === undefined || examples.length === 0 ? -2 : rendered.indexOf('Examples:\n'),
            important === undefined ? -2 : rendered.indexOf('IMPORTANT: '),
          ].filter((position) => position !== -2);
          expect(positions.every((position) => position >= 0)).toBe(true);
          expect([...positions].sort((left, right) => left - right)).toEqual(positions);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('projects the schema for each target, and every projection is clean under that provider lint', () => {
    const tool = searchTool(false);
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      expect(declaration.target).toBe(target);
      expect(declaration.name).toBe('Search');
      // Exactly validation's projection of the tool's schema for that target, nothing else.
      expect(declaration.parameters).toEqual(projectSchema(tool.validator.toJsonSchema(), target));
      expect(lintToolDeclaration(declaration, target)).toEqual([]);
      // Runtime annotations never reach a provider.
      expect(JSON.stringify(declaration.parameters)).not.toMatch(/"~|\[Kind\]/);
    }
    const neutral = tool.getFunctionDeclaration('json-schema').parameters;
    expect(neutral).toMatchObject({ additionalProperties: false, required: ['query'] });
    expect(JSON.stringify(tool.getFunctionDeclaration('gemini').parameters)).not.toContain(
      'additionalProperties',
    );
  });

  it('carries strict to OpenAI when set: optionals become required and nullable', () => {
    const strictTool = searchTool(true);
    const chat = strictTool.getFunctionDeclaration('openai-chat');
    expect(chat.strict).toBe(true);
    expect(chat.parameters.required).toEqual(['query', 'limit', 'scope']);
    const responses = strictTool.getFunctionDeclaration('openai-responses');
    expect(responses.strict).toBe(true);
    expect(strictTool.getFunctionDeclaration('anthropic').strict).toBeUndefined();

    const loose = searchTool(false);
    expect('strict' in loose.getFunctionDeclaration('openai-chat')).toBe(false);
    expect(loose.getFunctionDeclaration('openai-chat').parameters.required).toEqual(['query']);
    // The Responses API assumes strict when it is missing, so it is always stated.
    expect(loose.getFunctionDeclaration('openai-responses').strict).toBe(false);
  });

  it('maps the nulls of a strict OpenAI call back to absent when building with nullAsAbsent', () => {
    const strictTool = searchTool(true);
    const invocation = strictTool.build({ query: 'x', limit: null, scope: null }, { nullAsAbsent: true });
    expect(invocation.params).toEqual({ query: 'x', limit: 10 });
  });

  it("declares for the neutral 'json-schema' target when none is named", () => {
    const tool = searchTool(false);
    expect(tool.getFunctionDeclaration()).toBe(tool.getFunctionDeclaration('json-schema'));
    expect(tool.getFunctionDeclaration().target).toBe('json-schema');
  });

  it('is computed once per target, frozen, and deterministic byte for byte', () => {
    const first = searchTool(true);
    const second = searchTool(true);
    for (const target of PROVIDER_TARGETS) {
      const declaration = first.getFunctionDeclaration(target);
      expect(first.getFunctionDeclaration(target)).toBe(declaration);
      expect(Object.isFrozen(declaration)).toBe(true);
      expect(Object.isFrozen(declaration.parameters)).toBe(true);
      // Two tools from equal definitions (distinct schema objects) give identical bytes.
      expect(JSON.stringify(second.getFunctionDeclaration(target))).toBe(JSON.stringify(declaration));
    }
    expect(first.getFunctionDeclaration()).toBe(first.getFunctionDeclaration('json-schema'));
  });

  it('rejects an unknown target by name', () => {
    expect(() => readFileTool.getFunctionDeclaration('mistral' as never)).toThrow(
      UnsupportedProviderTargetError,
    );
    expect(() => readFileTool.getFunctionDeclaration('mistral' as never)).toThrow(
      'Unknown provider target "mistral"; accepted targets: "json-schema", "openai-chat", "openai-responses", "anthropic", "gemini".',
    );
  });
});

describe('toProviderToolFormat', () => {
  const tool = searchTool(true);

  it('wraps each target in its wire shape', () => {
    const chat = tool.getFunctionDeclaration('openai-chat');
    expect(toProviderToolFormat(chat)).toEqual({
      type: 'function',
      function: { name: 'Search', description: chat.description, parameters: chat.parameters, strict: true },
    });
    const responses = tool.getFunctionDeclaration('openai-responses');
    expect(toProviderToolFormat(responses)).toEqual({
      type: 'function',
      name: 'Search',
      description: responses.description,
      parameters: responses.parameters,
      strict: true,
    });
    const anthropic = tool.getFunctionDeclaration('anthropic');
    expect(toProviderToolFormat(anthropic)).toEqual({
      name: 'Search',
      description: anthropic.description,
      input_schema: anthropic.parameters,
    });
    const gemini = tool.getFunctionDeclaration('gemini');
    expect(toProviderToolFormat(gemini)).toEqual({
      name: 'Search',
      description: gemini.description,
      parameters: gemini.parameters,
    });
  });

  it('leaves strict out of a non-strict chat tool and rejects unknown targets', () => {
    const loose = searchTool(false).getFunctionDeclaration('openai-chat');
    expect(toProviderToolFormat(loose)).toEqual({
      type: 'function',
      function: { name: 'Search', description: loose.description, parameters: loose.parameters },
    });
    expect(() => toProviderToolFormat({ ...loose, target: 'cohere' as never })).toThrow(
      UnsupportedProviderTargetError,
    );
  });
});
