import { Type } from '@sinclair/typebox';
import { lintToolDeclaration } from '@toolwright/validation';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type1 from 'typebox';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from './create-tool.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { InvalidToolDefinitionError } from './errors.js';
import { INPUT_EXAMPLE_TARGETS, PROVIDER_TARGETS, toProviderToolFormat } from './function-declaration.js';
import { renderToolDescription, type ToolDescription } from './tool-description.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

const readSchema = () =>
  Type.Object({
    file_path: Type.String({ minLength: 1 }),
    offset: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  });

/** A description as blade-code writes one: lists of notes and points, structured examples. */
const bladeDescription = (): ToolDescription => ({
  short: 'Reads a text file.',
  usageNotes: ['Read a file before editing it.', '  Use Glob to find files first.  ', ''],
  examples: [
    'Reading a whole small file',
    { description: 'Read lines 40 to 59', params: { file_path: 'README.md', offset: 40, limit: 20 } },
    { description: 'Read one file', params: { file_path: 'src/index.ts' } },
  ],
  important: ["Never guess a file's content.", 'Paths may be relative to the workspace.'],
});

function readTool(description: ToolDescription | string = bladeDescription(), strict = false) {
  return createTool({
    name: 'Read',
    kind: ToolKind.ReadOnly,
    strict,
    schema: readSchema(),
    description,
    execute: async () => ToolResults.success(''),
  });
}

function definitionProblems(description: unknown): readonly string[] {
  try {
    readTool(description as ToolDescription);
  } catch (error) {
    if (InvalidToolDefinitionError.isInstance(error)) return error.problems;
    throw error;
  }
  throw new Error('createTool accepted the description');
}

const EVERY_EXAMPLE_IN_TEXT = [
  'Reads a text file.',
  'Usage notes:\n- Read a file before editing it.\n- Use Glob to find files first.',
  'Examples:\n- Reading a whole small file\n' +
    '- Read lines 40 to 59: {"file_path":"README.md","offset":40,"limit":20}\n' +
    '- Read one file: {"file_path":"src/index.ts"}',
  "IMPORTANT:\n- Never guess a file's content.\n- Paths may be relative to the workspace.",
].join('\n\n');

describe('descriptions as blade-code writes them', () => {
  it('renders lists as points and structured examples with their params for providers without input examples', () => {
    const tool = readTool();
    // Every target but the ones that take input examples, read from the production tables.
    const withoutInputExamples = PROVIDER_TARGETS.filter((target) => !INPUT_EXAMPLE_TARGETS.includes(target));
    expect(withoutInputExamples).toContain('openai-chat');
    for (const target of withoutInputExamples) {
      const declaration = tool.getFunctionDeclaration(target);
      expect(declaration.description).toBe(EVERY_EXAMPLE_IN_TEXT);
      expect(declaration).not.toHaveProperty('inputExamples');
    }
  });

  it('sends structured examples to Anthropic as input_examples, leaving them out of its description', () => {
    const declaration = readTool().getFunctionDeclaration('anthropic');
    expect(declaration.description).toBe(
      [
        'Reads a text file.',
        'Usage notes:\n- Read a file before editing it.\n- Use Glob to find files first.',
        'Examples:\n- Reading a whole small file',
        "IMPORTANT:\n- Never guess a file's content.\n- Paths may be relative to the workspace.",
      ].join('\n\n'),
    );
    expect(declaration.inputExamples).toEqual([
      { file_path: 'README.md', offset: 40, limit: 20 },
      { file_path: 'src/index.ts' },
    ]);
    expect(toProviderToolFormat(declaration)).toEqual({
      name: 'Read',
      description: declaration.description,
      input_schema: declaration.parameters,
      input_examples: declaration.inputExamples,
    });
    // The wire JSON keeps the author's key order.
    expect(JSON.stringify(toProviderToolFormat(declaration))).toContain(
      '"input_examples":[{"file_path":"README.md","offset":40,"limit":20},{"file_path":"src/index.ts"}]',
    );
  });

  it('sends no input_examples key when a tool has only plain-string examples', () => {
    const declaration = readTool({ short: 'Reads.', examples: ['Read a file'] }).getFunctionDeclaration(
      'anthropic',
    );
    expect(declaration.description).toBe('Reads.\n\nExamples:\n- Read a file');
    expect(toProviderToolFormat(declaration)).not.toHaveProperty('input_examples');
  });

  it('renders a list of one like the plain text, and plain strings under their headings', () => {
    const asLists = renderToolDescription({ short: 'S.', usageNotes: ['Note.'], important: [' Point. '] });
    const asText = renderToolDescription({ short: 'S.', usageNotes: 'Note.', important: 'Point.' });
    expect(asLists).toBe(asText);
    expect(asText).toBe('S.\n\nUsage notes:\nNote.\n\nIMPORTANT: Point.');
    expect(renderToolDescription({ short: 'S.', usageNotes: [' ', ''], important: [] })).toBe('S.');
  });

  it('checks its options by name and value', () => {
    const parts = { short: 'S.' };
    expect(() => renderToolDescription(parts, { structuredExamplesApart: true } as never)).toThrow(
      'RenderDescriptionOptions: unknown option "structuredExamplesApart" (did you mean "structuredExamplesSentApart"?); accepted: structuredExamplesSentApart.',
    );
    expect(() => renderToolDescription(parts, { structuredExamplesSentApart: 'yes' } as never)).toThrow(
      'RenderDescriptionOptions: structuredExamplesSentApart must be true or false; got string "yes".',
    );
  });

  it('keeps declarations cached per target and clean under each provider lint', () => {
    const tool = readTool();
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      expect(tool.getFunctionDeclaration(target)).toBe(declaration);
      expect(isDeeplyFrozen(declaration)).toBe(true);
      expect(lintToolDeclaration(declaration, target)).toEqual([]);
    }
  });

  it('copies and freezes the parts: changing the config later changes nothing', () => {
    const description = bladeDescription() as unknown as {
      usageNotes: string[];
      examples: Array<string | { description: string; params: Record<string, unknown> }>;
    };
    const tool = readTool(description as unknown as ToolDescription);
    description.usageNotes.push('Added later.');
    (description.examples[1] as { params: Record<string, unknown> }).params.limit = 99;
    expect(isDeeplyFrozen(tool.description)).toBe(true);
    expect(tool.getFunctionDeclaration('gemini').description).toBe(EVERY_EXAMPLE_IN_TEXT);
    expect(tool.getFunctionDeclaration('anthropic').inputExamples?.[0]).toEqual({
      file_path: 'README.md',
      offset: 40,
      limit: 20,
    });
  });
});

describe('structured examples are checked against the schema at createTool', () => {
  it('names each wrong example by index and description, with what the validator found', () => {
    const problems = definitionProblems({
      short: 'Reads a text file.',
      examples: [
        'fine',
        { description: 'Read ten lines', params: { file_path: 'a.txt', limit: 'ten' } },
        { description: 'Read a file', params: { file_path: 'a.txt' } },
        { description: 'Read with a typo', params: { file_pth: 'a.txt' } },
      ],
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^description\.examples\[1\] \("Read ten lines"\) does not match the schema: \/limit: /,
    );
    expect(problems[0]).toContain('"ten"');
    expect(problems[1]).toMatch(
      /^description\.examples\[3\] \("Read with a typo"\) does not match the schema: /,
    );
    expect(problems[1]).toContain('file_pth');
    expect(problems[1]).toContain('file_path');
  });

  it('applies no coercion: "5" for an integer is wrong in an example even though build() accepts it', () => {
    const tool = readTool({ short: 'Reads.' });
    expect(tool.build({ file_path: 'a', limit: '5' }).params.limit).toBe(5);
    const problems = definitionProblems({
      short: 'Reads.',
      examples: [{ description: 'Read five lines', params: { file_path: 'a', limit: '5' } }],
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^description\.examples\[0\] \("Read five lines"\) does not match the schema: \/limit: /,
      ),
    ]);
  });

  it('refuses an unknown argument even for a tool that strips them', () => {
    expect(() =>
      createTool({
        name: 'Read',
        kind: ToolKind.ReadOnly,
        schema: readSchema(),
        validation: { unknownArguments: 'strip' },
        description: {
          short: 'Reads.',
          examples: [{ description: 'Read', params: { file_path: 'a', extra: 1 } }],
        },
        execute: async () => ToolResults.success(''),
      }),
    ).toThrow(/description\.examples\[0\] \("Read"\) does not match the schema: .*extra/);
  });

  it('checks the shape of every part first, by name', () => {
    expect(
      definitionProblems({
        short: 'Reads.',
        usageNotes: ['ok', 3],
        important: { text: 'x' },
        examples: [{ description: '', params: [] }, { descripton: 'x', params: {} }, 7],
      }),
    ).toEqual([
      'description.usageNotes is ["ok",3]; expected a string or an array of strings (or leave it out)',
      'description.important is {"text":"x"}; expected a string or an array of strings (or leave it out)',
      'description.examples[0].description is ""; expected a non-empty sentence saying what the example shows',
      'description.examples[0].params is []; expected an object of arguments, as the model would send them',
      'config.description.examples[1]: unknown option "descripton" (did you mean "description"?); accepted: description, params.',
      'description.examples[1].description is undefined; expected a non-empty sentence saying what the example shows',
      'description.examples[2] is 7; expected a string or { description, params }',
    ]);
  });
});

describe('structured examples with every schema kind', () => {
  const kinds = {
    zod: () => z.object({ key: z.string(), depth: z.number().int().optional() }),
    valibot: () => toStandardJsonSchema(v.object({ key: v.string(), depth: v.optional(v.number()) })),
    arktype: () => type({ key: 'string', 'depth?': 'number' }),
    'typebox 1': () => Type1.Object({ key: Type1.String(), depth: Type1.Optional(Type1.Integer()) }),
    'plain JSON Schema': () => ({
      type: 'object',
      properties: { key: { type: 'string' }, depth: { type: 'integer' } },
      required: ['key'],
      additionalProperties: false,
    }),
  } as const;

  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    '%s: a good example goes to Anthropic, a wrong one is refused',
    (kind) => {
      const make = (params: Record<string, unknown>) =>
        createTool({
          name: 'Lookup',
          kind: ToolKind.ReadOnly,
          schema: kinds[kind]() as never,
          description: { short: 'Looks a key up.', examples: [{ description: 'Two levels', params }] },
          execute: async () => ToolResults.success(''),
        });
      expect(make({ key: 'TW', depth: 2 }).getFunctionDeclaration('anthropic').inputExamples).toEqual([
        { key: 'TW', depth: 2 },
      ]);
      expect(() => make({ key: 7 })).toThrow(
        /description\.examples\[0\] \("Two levels"\) does not match the schema: \/key: /,
      );
    },
  );
});
