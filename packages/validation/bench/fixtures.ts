// The same schemas and inputs for every contender: a 4-field read-like schema with defaults and a
// nested schema with an array of 20 edit objects; valid and invalid inputs.
import { Type } from '@sinclair/typebox';
import { z } from 'zod';

export const readSchema = Type.Object({
  file_path: Type.String({ minLength: 1, description: 'Absolute path of the file' }),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 2000 })),
  encoding: Type.Optional(Type.Union([Type.Literal('utf8'), Type.Literal('base64')])),
});

export const readZod = z.strictObject({
  file_path: z.string().min(1),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(5000).default(2000),
  encoding: z.enum(['utf8', 'base64']).optional(),
});

export const editSchema = Type.Object({
  file_path: Type.String({ minLength: 1 }),
  edits: Type.Array(
    Type.Object({
      old_string: Type.String({ minLength: 1 }),
      new_string: Type.String(),
      replace_all: Type.Optional(Type.Boolean({ default: false })),
      line_hint: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
    { minItems: 1, maxItems: 50 },
  ),
  dry_run: Type.Optional(Type.Boolean({ default: false })),
});

export const editZod = z.strictObject({
  file_path: z.string().min(1),
  edits: z
    .array(
      z.strictObject({
        old_string: z.string().min(1),
        new_string: z.string(),
        replace_all: z.boolean().default(false),
        line_hint: z.number().int().min(1).optional(),
      }),
    )
    .min(1)
    .max(50),
  dry_run: z.boolean().default(false),
});

/** What a model sends: optional fields left out (so defaults must be filled). */
export const readValid = { file_path: '/workspace/src/index.ts', limit: 200 };
export const readInvalid = { file_path: '', limit: 'lots', encodng: 'utf8' };

export const editValid = {
  file_path: '/workspace/src/index.ts',
  edits: Array.from({ length: 20 }, (_, index) => ({
    old_string: `const value${index} = compute(${index});`,
    new_string: `const value${index} = await compute(${index});`,
    ...(index % 4 === 0 ? { line_hint: index + 1 } : {}),
  })),
};

export const editInvalid = {
  file_path: '/workspace/src/index.ts',
  edits: editValid.edits.map((edit, index) =>
    index % 5 === 0 ? { ...edit, old_string: '', replace_al: true } : edit,
  ),
};
