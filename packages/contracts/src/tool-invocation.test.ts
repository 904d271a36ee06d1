import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { makeTempDir } from '@toolwright/test-support';
import { ToolValidationError } from '@toolwright/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { ToolInvocationError } from './errors.js';
import { rebuildInvocation } from './rebuild-invocation.js';
import { minimalConfig, readFileTool, writeFileTool } from './test-support/example-tools.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { isInvocationSuperseded, isToolInvocation } from './tool-invocation.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

const workspace = makeTempDir('toolwright-invocation');
beforeAll(async () => {
  await writeFile(join(workspace, 'notes.txt'), 'one\ntwo\nthree\nfour');
});

describe('ToolInvocation', () => {
  it('runs the tool with its validated params against a real file', async () => {
    const invocation = readFileTool.build({ file_path: 'notes.txt', offset: '2', limit: 2 });
    expect(invocation.coercions).toHaveLength(1);
    expect(invocation.coercions[0]).toMatchObject({ path: '/offset' });
    const result = await invocation.execute(createTestExecutionContext({ workspaceRoot: workspace }));
    expect(result).toEqual({ llmContent: '2\ttwo\n3\tthree' });
    const missing = await readFileTool
      .build({ file_path: 'absent.txt' })
      .execute(createTestExecutionContext({ workspaceRoot: workspace }));
    expect(missing.error).toEqual({
      type: 'not_found',
      message: `No file at ${join(workspace, 'absent.txt')}.`,
    });
  });

  it("freezes a copy of the params, never the caller's own objects", () => {
    const args = { file_path: 'notes.txt', offset: 2 };
    const nested = { edits: [{ line: 1, text: 'a' }] };
    const tool = createTool({
      name: 'Edit',
      kind: ToolKind.Write,
      schema: Type.Object({ edits: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String() })) }),
      description: 'Edits lines.',
      execute: async () => ToolResults.success(''),
    });
    const invocations = [readFileTool.build(args), tool.build(nested)];
    expect(Object.isFrozen(args)).toBe(false);
    expect(Object.isFrozen(nested)).toBe(false);
    expect(Object.isFrozen(nested.edits[0])).toBe(false);
    nested.edits[0]!.text = 'changed by the caller later';
    expect(invocations[1]?.params).toEqual({ edits: [{ line: 1, text: 'a' }] });
    expect(invocations.every((invocation) => Object.isFrozen(invocation.params))).toBe(true);
  });

  it("refuses params that are not plain data, so none of the caller's objects can leak into an invocation", () => {
    class Arguments {
      file_path = 'notes.txt';
    }
    // A hook handing over a class instance (or a Date, a Map...) would otherwise pass the shape
    // check and reach the tool unfrozen and shared with the caller.
    expect(() => readFileTool.build(new Arguments())).toThrow(/plain JSON/);
    try {
      readFileTool.build({ file_path: 'notes.txt', limit: new Date(0) });
    } catch (error) {
      expect((error as { code?: string }).code).toBe('arguments_not_json');
      return;
    }
    throw new Error('a Date inside the params was accepted');
  });

  it('carries the permission view the tool defines', () => {
    const invocation = readFileTool.build({ file_path: '/srv/app/config.yml' });
    expect(invocation).toMatchObject({
      toolName: 'Read',
      kind: 'read-only',
      affectedPaths: ['/srv/app/config.yml'],
      permissionSignature: 'Read(/srv/app/config.yml)',
      permissionRule: 'Read(/srv/app/**)',
    });
    expect(invocation.getDescription()).toBe('Read /srv/app/config.yml');
    expect(isToolInvocation(invocation)).toBe(true);
    expect(Object.isFrozen(invocation)).toBe(true);
  });

  it('defaults to a key-order independent signature, an exact-call rule and no affected paths', () => {
    const tool = createTool({
      name: 'Fetch',
      kind: ToolKind.Execute,
      schema: Type.Object({ url: Type.String(), method: Type.String() }),
      description: 'Fetches a URL.',
      execute: async () => ToolResults.success(''),
    });
    const first = tool.build({ url: 'https://example.com', method: 'GET' });
    const second = tool.build({ method: 'GET', url: 'https://example.com' });
    expect(first.permissionSignature).toBe('Fetch({"method":"GET","url":"https://example.com"})');
    expect(second.permissionSignature).toBe(first.permissionSignature);
    expect(first.permissionRule).toBe(first.permissionSignature);
    expect(first.affectedPaths).toEqual([]);
    expect(first.getDescription()).toBe('Fetch {"method":"GET","url":"https://example.com"}');
    expect(JSON.parse(JSON.stringify(first))).toMatchObject({
      toolName: 'Fetch',
      permissionSignature: first.permissionSignature,
      isRetrySafe: false,
    });
  });

  it('signs nested params canonically (keys sorted at every level) and caps the default description safely', () => {
    const tool = createTool({
      name: 'Edit',
      kind: ToolKind.Write,
      schema: Type.Object({
        path: Type.String(),
        edits: Type.Array(Type.Object({ old: Type.String(), new: Type.String() })),
      }),
      description: 'Edits a file.',
      execute: async () => ToolResults.success(''),
    });
    const first = tool.build({ path: 'a.ts', edits: [{ old: 'x', new: 'y' }] });
    const second = tool.build({ edits: [{ new: 'y', old: 'x' }], path: 'a.ts' });
    // @toolwright/utils' canonicalJson: the same text as contracts' own before it was replaced.
    expect(first.permissionSignature).toBe('Edit({"edits":[{"new":"y","old":"x"}],"path":"a.ts"})');
    expect(second.permissionSignature).toBe(first.permissionSignature);
    // The description preview is cut at 120 characters (119 and an ellipsis)...
    const long = tool.build({ path: 'p'.repeat(200), edits: [] }).getDescription();
    expect(long).toBe(`Edit {"edits":[],"path":"${'p'.repeat(99)}…`);
    // ...and never inside a surrogate pair: the emoji that would be cut in half is left out whole.
    const emoji = tool.build({ path: `${'p'.repeat(98)}\u{1F600}tail`, edits: [] }).getDescription();
    expect(emoji).toBe(`Edit {"edits":[],"path":"${'p'.repeat(98)}…`);
  });

  it('names the tool and callback when a permission callback fails', () => {
    const tool = createTool({
      name: 'Broken',
      kind: ToolKind.Write,
      schema: Type.Object({ path: Type.String() }),
      description: 'Has broken callbacks.',
      affectedPaths: (params) => params.path as unknown as string[],
      extractSignatureContent: () => {
        throw new Error('no signature today');
      },
      execute: async () => ToolResults.success(''),
    });
    const invocation = tool.build({ path: 'a.txt' });
    expect(() => invocation.affectedPaths).toThrow(
      'Tool "Broken": affectedPaths(params) must return an array of strings, got "a.txt".',
    );
    expect(() => invocation.permissionSignature).toThrow(ToolInvocationError);
    expect(() => invocation.permissionSignature).toThrow(
      'extractSignatureContent(params) threw: no signature today',
    );
    let caught: unknown;
    try {
      void invocation.permissionSignature;
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'invocation_callback_failed', toolName: 'Broken' });
    expect((caught as Error).cause).toEqual(new Error('no signature today'));
  });

  it('computes paths, signature, rule and description on first read only, each callback once', () => {
    const calls: string[] = [];
    const tool = createTool({
      name: 'Counted',
      displayName: 'Counted tool',
      kind: ToolKind.Write,
      schema: Type.Object({ path: Type.String() }),
      description: 'Counts its callbacks.',
      affectedPaths: (params) => {
        calls.push('affectedPaths');
        return [params.path];
      },
      extractSignatureContent: (params) => {
        calls.push('extractSignatureContent');
        return params.path;
      },
      abstractPermissionRule: () => {
        calls.push('abstractPermissionRule');
        return 'Counted(*)';
      },
      execute: async () => ToolResults.success(''),
    });
    const invocation = tool.build({ path: 'a.txt' });
    expect(calls).toEqual([]);
    for (let read = 0; read < 2; read++) {
      expect([invocation.affectedPaths, invocation.permissionSignature, invocation.permissionRule]).toEqual([
        ['a.txt'],
        'Counted(a.txt)',
        'Counted(*)',
      ]);
    }
    expect(calls).toEqual(['affectedPaths', 'extractSignatureContent', 'abstractPermissionRule']);
    // Without describeInvocation: the display name and a preview of the params.
    expect(invocation.getDescription()).toBe('Counted tool {"path":"a.txt"}');
  });

  it('does not start a call whose signal has already fired', async () => {
    const target = join(workspace, 'never-written.txt');
    const controller = new AbortController();
    controller.abort();
    const result = await writeFileTool
      .build({ file_path: target, content: 'x' })
      .execute(createTestExecutionContext({ signal: controller.signal }));
    expect(result.error?.type).toBe('aborted');
    await expect(readFile(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('passes the signal to the tool, which stops when it fires mid-call', async () => {
    const controller = new AbortController();
    const slow = createTool({
      name: 'Wait',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ ms: Type.Integer() }),
      description: 'Waits.',
      async execute(params, context) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, params.ms);
          context.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(context.signal.reason);
          });
        });
        return ToolResults.success('done');
      },
    });
    const running = slow
      .build({ ms: 10_000 })
      .execute(createTestExecutionContext({ signal: controller.signal }));
    controller.abort(new Error('user pressed escape'));
    await expect(running).rejects.toThrow('user pressed escape');
  });

  it('refuses to execute without a usable context, saying what is missing', async () => {
    const invocation = readFileTool.build({ file_path: 'notes.txt' });
    await expect(invocation.execute({ sessionId: 's' } as never)).rejects.toThrow(
      'Cannot execute "Read": signal is undefined, expected an AbortSignal; workspaceRoot is undefined, expected a string.',
    );
  });

  it('lets tool errors propagate unchanged so the host can classify them', async () => {
    const failing = createTool({
      name: 'Flaky',
      kind: ToolKind.Execute,
      schema: Type.Object({}),
      description: 'Fails.',
      execute: async () => {
        throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
      },
    });
    await expect(failing.build({}).execute(createTestExecutionContext())).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
  });

  it('names the tool when execute resolves to something that is not a ToolResult', async () => {
    const sloppy = createTool({
      name: 'Sloppy',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Returns a bare string.',
      execute: async () => 'done' as never,
    });
    await expect(sloppy.build({}).execute(createTestExecutionContext())).rejects.toMatchObject({
      code: 'invalid_tool_result',
      message: expect.stringContaining(
        'Tool "Sloppy" resolved to "done"; execute must resolve to a ToolResult',
      ),
    });
  });
});

describe('rebuildInvocation', () => {
  it('removes a key patched to undefined so its default applies again', () => {
    const original = readFileTool.build({ file_path: 'a.txt', limit: 5 });
    const rebuilt = rebuildInvocation(readFileTool, original, { limit: undefined });
    expect(rebuilt.params).toEqual({ file_path: 'a.txt', offset: 1, limit: 2000 });
  });

  it('refuses an invocation of another tool and a patch that is not an object', () => {
    const invocation = writeFileTool.build({ file_path: 'a.txt', content: '' });
    expect(() => rebuildInvocation(readFileTool as never, invocation, {})).toThrow(
      'rebuildInvocation: the invocation belongs to "Write", not to "Read"; pass the tool that built it.',
    );
    expect(() => rebuildInvocation(writeFileTool, invocation, ['content'] as never)).toThrow(
      'rebuildInvocation: the patch for "Write" is ["content"]; expected a plain object of params to change.',
    );
    expect(() => rebuildInvocation(writeFileTool, invocation, ['content'] as never)).toThrow(
      expect.objectContaining({ code: 'invalid_invocation_patch', toolName: 'Write' }),
    );
    expect(() => rebuildInvocation(writeFileTool, invocation, new Map() as never)).toThrow(
      ToolInvocationError,
    );
    // Neither misuse retired the invocation: it was never replaced.
    expect(isInvocationSuperseded(invocation)).toBe(false);
  });

  it('refuses a "__proto__" key in a patch instead of changing a prototype', () => {
    const invocation = readFileTool.build({ file_path: 'a.txt' });
    let caught: unknown;
    try {
      rebuildInvocation(readFileTool, invocation, JSON.parse('{"__proto__": {"limit": 1}}'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'arguments_forbidden_key' });
    expect(({} as Record<string, unknown>).limit).toBeUndefined();
  });

  it('validates the patch like a call from the model: unknown keys are rejected', () => {
    const invocation = readFileTool.build({ file_path: 'a.txt' });
    expect(() => rebuildInvocation(readFileTool, invocation, { path: 'b.txt' })).toThrow(/hook's change/);
  });
});

describe('a hook changing params must rebuild', () => {
  it('gotcha: a hook that changes params rebuilds, and the old invocation never runs with new params', async () => {
    const seen: unknown[] = [];
    const tool = createTool({
      ...minimalConfig,
      kind: ToolKind.Write,
      schema: Type.Object({ path: Type.String(), mode: Type.Optional(Type.String({ default: 'append' })) }),
      async execute(params) {
        seen.push(params);
        return ToolResults.success('ok');
      },
    });
    const original = tool.build({ path: 'a.txt' });
    // A hook cannot edit the params in place...
    expect(() => {
      (original.params as { path: string }).path = 'b.txt';
    }).toThrow(TypeError);
    // ...it rebuilds: the patch is merged and validated like a model's call.
    const rebuilt = rebuildInvocation(tool, original, { path: 'b.txt' });
    expect(rebuilt).not.toBe(original);
    expect(rebuilt.params).toEqual({ path: 'b.txt', mode: 'append' });
    expect(original.params).toEqual({ path: 'a.txt', mode: 'append' });

    const context = createTestExecutionContext();
    await expect(original.execute(context)).rejects.toMatchObject({ code: 'invocation_superseded' });
    await rebuilt.execute(context);
    expect(seen).toEqual([{ path: 'b.txt', mode: 'append' }]);
  });

  it("gotcha: an invalid hook patch is a validation error that says the hook's change was invalid", async () => {
    const original = readFileTool.build({ file_path: 'a.txt' });
    let caught: unknown;
    try {
      rebuildInvocation(readFileTool, original, { offset: 0 });
    } catch (error) {
      caught = error;
    }
    expect(ToolValidationError.isInstance(caught)).toBe(true);
    const error = caught as ToolValidationError;
    expect(error.message).toMatch(/hook's change to the params of "Read" was invalid \(changed: "offset"\)/);
    expect(error.toolName).toBe('Read');
    expect(error.issues.map((issue) => issue.path)).toEqual(['/offset']);
    // The rejected change is not half-applied: the old invocation is unchanged and retired.
    expect(original.params.offset).toBe(1);
    await expect(original.execute(createTestExecutionContext())).rejects.toMatchObject({
      code: 'invocation_superseded',
    });
  });
});
