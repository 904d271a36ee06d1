import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, ToolKind } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { ToolValidationError, ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { ExecutorError } from './executor-error.js';
import { resolveExecutorOptions, type ToolExecutorOptions } from './executor-options.js';
import { pathAccessOf } from './paths/path-access.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import type { ArtifactSink } from './results/artifact-sink.js';
import { lookupOf, RunLog, type RunRecord, timedTool } from './test-support/tools.js';
import { ToolExecutor } from './tool-executor.js';

function workspace(): string {
  return makeTempDir('executor');
}

function executorOver(
  tools: Parameters<typeof lookupOf>[0],
  overrides: Partial<ToolExecutorOptions> = {},
): ToolExecutor {
  const root = overrides.workspaceRoot ?? workspace();
  return new ToolExecutor({
    lookup: lookupOf(tools),
    permissions: new PermissionPolicy({ workspaceRoot: root }),
    sessionId: 'test-session',
    workspaceRoot: root,
    ...overrides,
  });
}

function call(name: string, label: string, extra: Record<string, unknown> = {}) {
  return { id: `${name}-${label}`, name, arguments: { label, ...extra } };
}

/** One call of a tool whose 100,000-byte output goes over a 1 KiB spill threshold into `sink`. */
async function runBigThrough(sink: ArtifactSink) {
  const big = timedTool({
    name: 'Big',
    log: new RunLog(),
    durationMs: 0,
    isConcurrencySafe: true,
    async run() {
      return { llmContent: `HEAD${'x'.repeat(100_000)}TAIL` };
    },
  });
  const [result] = await executorOver([big], { artifactSink: sink, spillThresholdBytes: 1024 }).executeBatch([
    call('Big', 'a'),
  ]);
  return result;
}

function overlaps(left: RunRecord, right: RunRecord): boolean {
  return (
    left.startedAt < (right.endedAt ?? Number.POSITIVE_INFINITY) &&
    right.startedAt < (left.endedAt ?? Number.POSITIVE_INFINITY)
  );
}

function optionError(options: unknown): ExecutorError {
  try {
    new ToolExecutor(options as ToolExecutorOptions);
  } catch (error) {
    if (ExecutorError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('ToolExecutor options', () => {
  const base = () => ({
    lookup: () => undefined,
    permissions: new PermissionPolicy({ workspaceRoot: workspace() }),
    sessionId: 's1',
    workspaceRoot: '/tmp',
  });

  it('refuses an unknown option by name, with the nearest known one', () => {
    const error = optionError({ ...base(), maxParalel: 4 });
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain('unknown option "maxParalel" (did you mean "maxParallel"?)');
    expect(error.message).toContain('accepted: lookup, deferred, mode');
    expect(optionError({ ...base(), retry: { maxAttempt: 2 } }).message).toContain(
      'unknown option "retry.maxAttempt" (did you mean "retry.maxAttempts"?)',
    );
  });

  it.each([0, -1, Number.NaN, 1.5, Number.POSITIVE_INFINITY, '4'])(
    'refuses maxParallel %s, saying what is accepted',
    (value) => {
      const error = optionError({ ...base(), maxParallel: value });
      expect(error.code).toBe('invalid_option');
      expect(error.message).toMatch(/maxParallel must be an integer from 1 to 1024; got /);
    },
  );

  it('takes retry.baseDelayMs, the deprecated former name of initialDelayMs, and refuses both with different values', () => {
    const policy = (retry: object) => resolveExecutorOptions({ ...base(), retry }).retryPolicy;
    expect(policy({ baseDelayMs: 7 })).toEqual({ maxAttempts: 3, initialDelayMs: 7, maxDelayMs: 1000 });
    expect(policy({ initialDelayMs: 7, baseDelayMs: 7 })).toEqual({
      maxAttempts: 3,
      initialDelayMs: 7,
      maxDelayMs: 1000,
    });
    expect(policy({})).toEqual({ maxAttempts: 3, initialDelayMs: 50, maxDelayMs: 1000 });
    expect(optionError({ ...base(), retry: { initialDelayMs: 7, baseDelayMs: 9 } }).message).toBe(
      'ToolExecutor retry: initialDelayMs (integer 7) and its deprecated former name baseDelayMs (integer 9) are both set and differ; set only initialDelayMs.',
    );
    expect(optionError({ ...base(), retry: { baseDelayMs: -1 } }).message).toContain(
      'retry.baseDelayMs must be a number from 0 to',
    );
  });

  it('refuses a zero timeout, a negative retry delay and a timer beyond what setTimeout honours', () => {
    expect(optionError({ ...base(), timeoutMs: 0 }).message).toContain(
      'ToolExecutor: timeoutMs must be a number from 1 to 2147483647; got integer 0.',
    );
    expect(optionError({ ...base(), retry: { initialDelayMs: -5 } }).message).toContain(
      'retry.initialDelayMs',
    );
    expect(optionError({ ...base(), toolTimeoutsMs: { Read: 2 ** 31 } }).message).toContain(
      'toolTimeoutsMs.Read',
    );
  });

  it('refuses a session id that could name a directory outside the state directory', () => {
    const error = optionError({ ...base(), sessionId: '../../../../..' });
    expect(error.code).toBe('invalid_session_id');
    expect(error.message).toContain('letters, digits, "_" and "-"');
  });

  it('refuses missing collaborators with what was given', () => {
    expect(optionError({ ...base(), lookup: 'registry' }).message).toBe(
      'ToolExecutor: lookup must be a function; got string "registry".',
    );
    expect(optionError({ ...base(), permissions: undefined }).message).toContain(
      'permissions must be a PermissionPolicy',
    );
    expect(optionError(null).message).toBe('ToolExecutor: options must be an object; got null.');
  });

  it('its errors are told apart from other toolwright errors across installs', () => {
    const error = optionError({ ...base(), maxParallel: 0 });
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(ExecutorError.isInstance(error)).toBe(true);
    expect(
      ExecutorError.isInstance(
        new ToolValidationError('validation_failed', 'x', { toolName: 't', issues: [] }),
      ),
    ).toBe(false);
    expect(ExecutorError.isInstance(new ToolwrightError('other', 'x'))).toBe(false);
  });
});

describe('ToolExecutor scheduling', () => {
  it('runs consecutive shared calls together and an exclusive call alone, in FIFO order', async () => {
    const log = new RunLog();
    const shared = timedTool({ name: 'Shared', log, durationMs: 40, isConcurrencySafe: true });
    const exclusive = timedTool({ name: 'Exclusive', log, durationMs: 40, parallelism: 'exclusive' });
    const executor = executorOver([shared, exclusive]);
    const results = await executor.executeBatch([
      call('Shared', 'a'),
      call('Shared', 'b'),
      call('Exclusive', 'c'),
      call('Shared', 'd'),
    ]);
    expect(results.map((result) => `${result.call.id}:${result.status}:${result.batch}`)).toEqual([
      'Shared-a:success:0',
      'Shared-b:success:0',
      'Exclusive-c:success:1',
      'Shared-d:success:2',
    ]);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(
      (label) => log.runs.find((run) => run.label === label) as RunRecord,
    );
    expect(overlaps(a as RunRecord, b as RunRecord)).toBe(true);
    expect((c as RunRecord).startedAt).toBeGreaterThanOrEqual(
      Math.max((a as RunRecord).endedAt ?? 0, (b as RunRecord).endedAt ?? 0),
    );
    expect((d as RunRecord).startedAt).toBeGreaterThanOrEqual((c as RunRecord).endedAt ?? 0);
  });

  it('never runs more than maxParallel calls at once', async () => {
    const log = new RunLog();
    const shared = timedTool({ name: 'Shared', log, durationMs: 30, isConcurrencySafe: true });
    const executor = executorOver([shared], { maxParallel: 2 });
    await executor.executeBatch(['1', '2', '3', '4', '5'].map((label) => call('Shared', label)));
    // At each start, how many runs are in progress (started, not yet ended).
    const peak = Math.max(
      ...log.runs.map(
        (run) =>
          log.runs.filter((other) => other.startedAt <= run.startedAt && run.startedAt < (other.endedAt ?? 0))
            .length,
      ),
    );
    expect(peak).toBe(2);
  });

  it('locks one file under every name it has: ./ and .. spellings, a symlink and a hard link take one lock', async () => {
    const root = workspace();
    mkdirSync(join(root, 'dir'));
    writeFileSync(join(root, 'dir', 'f.txt'), 'x');
    symlinkSync(join(root, 'dir', 'f.txt'), join(root, 'link.txt'));
    linkSync(join(root, 'dir', 'f.txt'), join(root, 'hard.txt'));
    writeFileSync(join(root, 'other.txt'), 'y');
    const log = new RunLog();
    // parallelism shared but not concurrency-safe: the calls share a batch, the lock serialises them.
    const edit = timedTool({
      name: 'Edit',
      log,
      durationMs: 30,
      kind: ToolKind.Write,
      parallelism: 'shared',
    });
    const executor = executorOver([edit], { workspaceRoot: root });
    const spellings = [
      join(root, 'dir/./f.txt'),
      join(root, 'dir/../dir/f.txt'),
      join(root, 'link.txt'),
      join(root, 'hard.txt'),
    ];
    const results = await executor.executeBatch([
      ...spellings.map((path, index) => call('Edit', `same-${index}`, { path })),
      call('Edit', 'other', { path: join(root, 'other.txt') }),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'success',
      'success',
      'success',
      'success',
      'success',
    ]);
    const same = log.runs.filter((run) => run.label.startsWith('same-'));
    for (const run of same) {
      for (const other of same) if (run !== other) expect(overlaps(run, other)).toBe(false);
    }
    const other = log.runs.find((run) => run.label === 'other') as RunRecord;
    expect(same.some((run) => overlaps(run, other))).toBe(true);
  });
});

describe('ToolExecutor retries and failures', () => {
  it('retries a retry-safe tool on a transient error, and never one that is not retry-safe', async () => {
    const log = new RunLog();
    let failures = 0;
    const flaky = (name: string, isRetrySafe: boolean) =>
      timedTool({
        name,
        log,
        durationMs: 0,
        isConcurrencySafe: true,
        isRetrySafe,
        async run() {
          failures += 1;
          if (failures % 2 === 1) throw Object.assign(new Error('resource busy'), { code: 'EBUSY' });
          return undefined;
        },
      });
    const executor = executorOver([flaky('Safe', true), flaky('Unsafe', false)], {
      retry: { initialDelayMs: 1 },
    });
    const [safe] = await executor.executeBatch([call('Safe', 'a')]);
    expect(safe).toMatchObject({ status: 'success', attempts: 2 });
    const [unsafe] = await executor.executeBatch([call('Unsafe', 'b')]);
    expect(unsafe).toMatchObject({ status: 'error', attempts: 1 });
    expect(unsafe?.content).toContain('resource busy (EBUSY)');
  });

  it('keeps a failure with its own call: the others of the batch still succeed', async () => {
    const log = new RunLog();
    const ok = timedTool({ name: 'Ok', log, durationMs: 1, isConcurrencySafe: true });
    const results = await executorOver([ok]).executeBatch([
      call('Ok', 'a'),
      { id: 'x', name: 'Missing', arguments: {} },
      { id: 'y', name: 'Ok', arguments: { label: 3 } },
    ]);
    expect(results.map((result) => result.status)).toEqual(['success', 'not_found', 'invalid']);
    expect(results[2]?.content).toContain('/label');
  });

  it('suggests the nearest tool name for a misspelt one when toolNames is given, and only then', async () => {
    const log = new RunLog();
    const tools = [
      timedTool({ name: 'Read', log, durationMs: 1, isConcurrencySafe: true }),
      timedTool({ name: 'Write', log, durationMs: 1, isConcurrencySafe: true }),
    ];
    const names = () => tools.map((tool) => tool.name);
    const [typo, unrelated] = await executorOver(tools, { toolNames: names }).executeBatch([
      { id: 'a', name: 'Reed', arguments: {} },
      { id: 'b', name: 'Deploy', arguments: {} },
    ]);
    expect(typo?.status).toBe('not_found');
    expect(typo?.content).toBe(
      'No tool named "Reed" (did you mean "Read"?). Use ToolSearch to find tools by keyword.',
    );
    expect(unrelated?.content).toBe('No tool named "Deploy". Use ToolSearch to find tools by keyword.');
    const [withoutNames] = await executorOver(tools).executeBatch([{ id: 'c', name: 'Reed', arguments: {} }]);
    expect(withoutNames?.content).toBe('No tool named "Reed". Use ToolSearch to find tools by keyword.');
    expect(() => executorOver(tools, { toolNames: ['Read'] as never })).toThrow(/toolNames/);
  });

  it('times out a call, aborts its signal and reports the limit', async () => {
    const log = new RunLog();
    // Left alone the tool would run for an hour: a verdict of 'timeout' with the run aborted
    // can only come from the 50 ms limit, however slow the machine.
    const slow = timedTool({ name: 'Slow', log, durationMs: 3_600_000, isConcurrencySafe: true });
    const [result] = await executorOver([slow], { toolTimeoutsMs: { Slow: 50 } }).executeBatch([
      call('Slow', 'a'),
    ]);
    expect(result?.status).toBe('timeout');
    expect(log.runs[0]?.aborted).toBe(true);
  });
});

describe('ToolExecutor context and results', () => {
  it('gives each call a pathAccess that judges every path as a Read of it would be judged', async () => {
    const root = workspace();
    writeFileSync(join(root, 'ok.txt'), 'x');
    writeFileSync(join(root, '.env'), 'KEY=1');
    mkdirSync(join(root, 'private'));
    writeFileSync(join(root, 'private', 'x'), 'x');
    const probe = createTool({
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'reads many paths',
      isConcurrencySafe: true,
      async execute(_params, context) {
        const access = pathAccessOf(context);
        const verdicts = ['ok.txt', '.env', 'private/x', '../outside'].map((path) =>
          access?.canRead(join(root, path)),
        );
        return { llmContent: `${JSON.stringify(verdicts)} ${access?.summary()}` };
      },
    });
    const executor = new ToolExecutor({
      lookup: lookupOf([probe]),
      permissions: new PermissionPolicy({ workspaceRoot: root, deny: ['Read(private/**)'] }),
      sessionId: 's',
      workspaceRoot: root,
    });
    const [result] = await executor.executeBatch([{ id: '1', name: 'Probe', arguments: {} }]);
    expect(result?.content).toBe(
      '[true,false,false,false] 3 paths skipped: 1 denied by the permission policy, 2 would need approval (secrets, or outside the workspace).',
    );
  });

  it('a search the user approved outside the workspace reads the files there, but still skips secrets and denied files', async () => {
    const root = workspace();
    const outside = workspace();
    writeFileSync(join(outside, 'notes.txt'), 'x');
    writeFileSync(join(outside, '.env'), 'KEY=1');
    writeFileSync(join(outside, 'private.txt'), 'x');
    const search = createTool({
      name: 'Search',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ path: Type.String() }),
      description: 'reads every file of a directory',
      isConcurrencySafe: true,
      affectedPaths: (params) => [params.path],
      async execute(params, context) {
        const access = pathAccessOf(context);
        const verdicts = ['notes.txt', '.env', 'private.txt'].map((name) =>
          access?.canRead(join(params.path, name)),
        );
        return { llmContent: JSON.stringify(verdicts) };
      },
    });
    const approvals: string[] = [];
    const executor = new ToolExecutor({
      lookup: lookupOf([search]),
      permissions: new PermissionPolicy({
        workspaceRoot: root,
        deny: [`Read(${join(outside, 'private.txt')})`],
      }),
      sessionId: 's',
      workspaceRoot: root,
      approve: async ({ reason }) => {
        approvals.push(reason);
        return true;
      },
    });
    const [approved] = await executor.executeBatch([
      { id: '1', name: 'Search', arguments: { path: outside } },
    ]);
    expect(approvals).toHaveLength(1);
    expect(approved?.content).toBe('[true,false,false]');
    const refusing = new ToolExecutor({
      lookup: lookupOf([search]),
      permissions: new PermissionPolicy({ workspaceRoot: root, allow: [`Search(${outside})`] }),
      sessionId: 's',
      workspaceRoot: root,
    });
    // Allowed by a rule, not approved by the user: the files under it are still judged one by one.
    const [ruled] = await refusing.executeBatch([{ id: '2', name: 'Search', arguments: { path: outside } }]);
    expect(ruled?.content).toBe('[false,false,false]');
  });

  it('spills a large result to a real SessionArtifactStore with a head-and-tail preview', async () => {
    const root = workspace();
    const store = new SessionArtifactStore({
      root: join(root, 'state'),
      namespace: 'test',
      sessionId: 's',
    });
    const result = await runBigThrough(store);
    expect(result?.spilled).toBe(true);
    expect(result?.content).toContain('HEAD');
    expect(result?.content).toContain('TAIL');
    const id = result?.result.artifacts?.[0]?.id as string;
    expect((await store.read(id)).bytes.toString('utf8')).toBe(`HEAD${'x'.repeat(100_000)}TAIL`);
    // The store's own marker names the artifact and how to read it back: the executor adds none.
    expect(result?.content).toContain(`full output stored as artifact ${id}`);
    expect(result?.content).not.toContain('output spilled:');
  });

  it("names the artifact itself when a sink's preview does not", async () => {
    const root = workspace();
    const store = new SessionArtifactStore({ root: join(root, 'state'), namespace: 'test', sessionId: 's' });
    // A sink of another make: it stores the same way but previews with a bare excerpt.
    const sink: ArtifactSink = {
      specificationVersion: 'v1',
      write: (item) => store.write(item),
      async spill(content, options) {
        const spilled = await store.spill(content, options);
        return { ...spilled, preview: 'HEAD…TAIL' };
      },
    };
    const result = await runBigThrough(sink);
    const id = result?.result.artifacts?.[0]?.id as string;
    expect(result?.content).toBe(
      `HEAD…TAIL\n[output spilled: 97.7 KiB stored as artifact ${id}; 96.7 KiB omitted from this preview]`,
    );
  });
});
