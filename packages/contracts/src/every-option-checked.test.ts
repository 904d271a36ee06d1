// Every options object @toolwright/contracts accepts is checked by name (and its values where a
// wrong one would be misread): a typo fails loudly with validation's InvalidOptionError and the
// shared wording of @toolwright/utils, instead of silently leaving a default in force.
import { Type } from '@sinclair/typebox';
import { thrownBy } from '@toolwright/test-support';
import { InvalidOptionError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { rebuildInvocation } from './rebuild-invocation.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { isInvocationSuperseded } from './tool-invocation.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

/** The message of the `InvalidOptionError` that `run` throws (anything else fails the test). */
function refusal(run: () => unknown): string {
  const error = thrownBy(run, InvalidOptionError);
  expect(error.code).toBe('invalid_option');
  return error.message;
}

const untyped = <T>(value: unknown): T => value as T;

const search = createTool({
  name: 'Search',
  kind: ToolKind.ReadOnly,
  strict: true,
  schema: Type.Object({ query: Type.String(), limit: Type.Optional(Type.Integer({ default: 10 })) }),
  description: 'Searches.',
  execute: async () => ToolResults.success(''),
});

describe('every options object is checked by name', () => {
  it('Tool.build: a misspelt nullAsAbsent would have left a strict call’s nulls in the params', () => {
    const call = { query: 'x', limit: null };
    expect(refusal(() => search.build(call, untyped({ nullAsAbsnet: true })))).toBe(
      'BuildOptions: unknown option "nullAsAbsnet" (did you mean "nullAsAbsent"?); accepted: nullAsAbsent.',
    );
    expect(refusal(() => search.build(call, untyped({ nullAsAbsent: 'yes' })))).toBe(
      'BuildOptions: nullAsAbsent must be true or false; got string "yes".',
    );
    expect(search.build(call, { nullAsAbsent: true }).params).toEqual({ query: 'x', limit: 10 });
  });

  it('rebuildInvocation: refused before the old invocation is retired, so a typo does not cost it', async () => {
    const invocation = search.build({ query: 'x' });
    expect(
      refusal(() => rebuildInvocation(search, invocation, { limit: 5 }, untyped({ nullasabsent: true }))),
    ).toBe(
      'BuildOptions: unknown option "nullasabsent" (did you mean "nullAsAbsent"?); accepted: nullAsAbsent.',
    );
    expect(isInvocationSuperseded(invocation)).toBe(false);
    await expect(invocation.execute(createTestExecutionContext())).resolves.toEqual({ llmContent: '' });
  });

  it('ToolResults extras: a misspelt key would have dropped the artifacts, llmContent would have been overwritten', () => {
    expect(refusal(() => ToolResults.success('ok', untyped({ artifact: [] })))).toBe(
      'ToolResultExtras: unknown option "artifact" (did you mean "artifacts"?); accepted: display, artifacts, metadata.',
    );
    expect(refusal(() => ToolResults.executionError('failed', untyped({ llmContent: 'all good' })))).toBe(
      'ToolResultExtras: unknown option "llmContent"; accepted: display, artifacts, metadata.',
    );
    expect(ToolResults.success('ok', { display: 'OK', metadata: { n: 1 } })).toEqual({
      llmContent: 'ok',
      display: 'OK',
      metadata: { n: 1 },
    });
  });
});
