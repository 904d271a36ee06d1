import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, type ToolInvocation, ToolKind } from '@toolwright/contracts';
import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { compileJsonSchema } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { sessionFixtures, toolCall } from '../test-support/executor-fixture.js';

const fixture = sessionFixtures();

/** Records when each call of a tool ran, to observe overlap and ordering. */
function timedTool(
  name: string,
  parallelism: 'shared' | 'exclusive',
  log: Array<{ name: string; event: 'start' | 'end'; label: string }>,
): Tool {
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ label: Type.String(), ms: Type.Integer({ minimum: 0 }) }),
    description: 'test: waits, logging start and end',
    isConcurrencySafe: parallelism === 'shared',
    parallelism,
    async execute(params) {
      log.push({ name, event: 'start', label: params.label });
      await sleep(params.ms);
      log.push({ name, event: 'end', label: params.label });
      return { llmContent: params.label };
    },
  });
}

/**
 * A read-modify-write append with a pause in the middle: the lost-update race every file edit
 * has. `isConcurrencySafe` decides whether the executor's same-path lock protects it.
 */
function appendTool(name: string, workspace: string, isConcurrencySafe: boolean): Tool {
  return createTool({
    name,
    kind: ToolKind.Write,
    schema: Type.Object({ file_path: Type.String(), line: Type.String() }),
    description: 'test: appends a line by read, pause, write',
    isConcurrencySafe,
    parallelism: 'shared',
    affectedPaths: (params) => [join(workspace, params.file_path)],
    async execute(params) {
      const path = join(workspace, params.file_path);
      const before = readFileSync(path, 'utf8');
      await sleep(5);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, `${before}${params.line}\n`);
      return { llmContent: 'ok' };
    },
  });
}

describe('ToolExecutor scheduling', () => {
  it('runs shared calls together and treats an exclusive call as a FIFO barrier', async () => {
    const log: Array<{ name: string; event: 'start' | 'end'; label: string }> = [];
    const setup = fixture({
      extraTools: [timedTool('SharedWait', 'shared', log), timedTool('ExclusiveWait', 'exclusive', log)],
    });
    const results = await setup.session.executor.executeBatch([
      toolCall('SharedWait', { label: 'a', ms: 40 }),
      toolCall('SharedWait', { label: 'b', ms: 40 }),
      toolCall('ExclusiveWait', { label: 'x', ms: 10 }),
      toolCall('SharedWait', { label: 'c', ms: 5 }),
    ]);
    expect(results.map((result) => result.content)).toEqual(['a', 'b', 'x', 'c']);
    const [first, second, barrier, last] = results.map((result) => result.batch);
    expect(first).toBe(second);
    expect(barrier).toBe(first! + 1);
    expect(last).toBe(first! + 2);
    const order = log.map((entry) => `${entry.event}:${entry.label}`);
    // a and b overlap; x starts only after both ended; c only after x ended.
    expect(order.indexOf('start:b')).toBeLessThan(order.indexOf('end:a'));
    expect(order.indexOf('start:x')).toBeGreaterThan(
      Math.max(order.indexOf('end:a'), order.indexOf('end:b')),
    );
    expect(order.indexOf('start:c')).toBeGreaterThan(order.indexOf('end:x'));
  });

  it('gotcha: isConcurrencySafe false still serialises same-path calls when parallelism is shared', async () => {
    const setup = fixture();
    const locked = appendTool('LockedAppend', setup.workspace, false);
    const unlocked = appendTool('RacyAppend', setup.workspace, true);
    setup.session.registry.registerAll([locked, unlocked]);
    setup.write('locked.txt', '');
    setup.write('racy.txt', '');
    const lines = Array.from({ length: 6 }, (_, index) => `line ${index}`);

    const lockedResults = await setup.session.executor.executeBatch(
      lines.map((line) => toolCall('LockedAppend', { file_path: 'locked.txt', line })),
    );
    // One shared batch, yet every append survived: the same-path lock serialised them.
    expect(new Set(lockedResults.map((result) => result.batch)).size).toBe(1);
    expect(readFileSync(join(setup.workspace, 'locked.txt'), 'utf8').trim().split('\n').sort()).toEqual(
      lines,
    );

    // The control: the same tool declared concurrency-safe loses updates, so the lock is what helped.
    await setup.session.executor.executeBatch(
      lines.map((line) => toolCall('RacyAppend', { file_path: 'racy.txt', line })),
    );
    expect(readFileSync(join(setup.workspace, 'racy.txt'), 'utf8').trim().split('\n').length).toBeLessThan(
      lines.length,
    );
  });

  it('serialises two real Edit calls on one file inside a shared batch, so neither edit is lost', async () => {
    const setup = fixture();
    setup.write('app.ts', 'alpha\nbeta\ngamma\n');
    const results = await setup.session.executor.executeBatch([
      toolCall('Edit', { file_path: 'app.ts', old_string: 'alpha', new_string: 'ALPHA' }),
      toolCall('Edit', { file_path: 'app.ts', old_string: 'beta', new_string: 'BETA' }),
      toolCall('Edit', { file_path: 'app.ts', old_string: 'gamma', new_string: 'GAMMA' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['success', 'success', 'success']);
    expect(new Set(results.map((result) => result.batch)).size).toBe(1);
    expect(readFileSync(join(setup.workspace, 'app.ts'), 'utf8')).toBe('ALPHA\nBETA\nGAMMA\n');
  });
});

describe('ToolExecutor retries', () => {
  function flakyTool(
    name: string,
    isRetrySafe: boolean,
    failures: string[],
    attempts: { count: number },
  ): Tool {
    return createTool({
      name,
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'test: fails with the given error codes, then succeeds',
      isConcurrencySafe: true,
      isRetrySafe,
      async execute() {
        attempts.count += 1;
        const code = failures[attempts.count - 1];
        if (code !== undefined) throw Object.assign(new Error(`simulated ${code}`), { code });
        return { llmContent: `succeeded on attempt ${attempts.count}` };
      },
    });
  }

  it('retries a retry-safe tool on transient errors with backoff', async () => {
    const attempts = { count: 0 };
    const events: string[] = [];
    const setup = fixture({
      extraTools: [flakyTool('FlakyRead', true, ['EBUSY', 'EMFILE'], attempts)],
      onExecutorEvent: (event) => {
        if (event.type === 'retry') events.push(`${event.errorCode}:${event.delayMs}`);
      },
    });
    const [result] = await setup.session.executor.executeBatch([toolCall('FlakyRead', {})]);
    expect(result).toMatchObject({ status: 'success', attempts: 3, content: 'succeeded on attempt 3' });
    expect(events).toEqual(['EBUSY:50', 'EMFILE:100']);
  });

  it('never retries a tool that is not retry-safe, even on a transient error', async () => {
    const attempts = { count: 0 };
    const setup = fixture({ extraTools: [flakyTool('FlakyCreate', false, ['EAGAIN'], attempts)] });
    const [result] = await setup.session.executor.executeBatch([toolCall('FlakyCreate', {})]);
    expect(result).toMatchObject({ status: 'error', attempts: 1 });
    expect(result!.content).toContain('EAGAIN');
    expect(attempts.count).toBe(1);
  });

  it('does not retry a retry-safe tool on a permanent error', async () => {
    const attempts = { count: 0 };
    const setup = fixture({ extraTools: [flakyTool('BrokenRead', true, ['EACCES'], attempts)] });
    const [result] = await setup.session.executor.executeBatch([toolCall('BrokenRead', {})]);
    expect(result).toMatchObject({ status: 'error', attempts: 1 });
    expect(attempts.count).toBe(1);
  });

  it('stops retrying when the signal aborts during the backoff', async () => {
    const attempts = { count: 0 };
    const setup = fixture({
      extraTools: [flakyTool('SlowFlaky', true, ['ENFILE', 'ENFILE', 'ENFILE'], attempts)],
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const [result] = await setup.session.executor.executeBatch([toolCall('SlowFlaky', {})], {
      signal: controller.signal,
    });
    expect(result!.status).toBe('aborted');
    expect(attempts.count).toBe(1);
  });
});

describe('ToolExecutor hooks', () => {
  it('gotcha: a hook that changes params gets a rebuilt, re-validated invocation; the old one is retired', async () => {
    const seen: ToolInvocation[] = [];
    const setup = fixture({
      hooks: [
        ({ invocation }) => {
          seen.push(invocation);
          return { params: { file_path: 'b.txt' } };
        },
      ],
    });
    setup.write('a.txt', 'from a\n');
    setup.write('b.txt', 'from b\n');
    const [result] = await setup.session.executor.executeBatch([toolCall('Read', { file_path: 'a.txt' })]);
    expect(result!.content).toContain('from b');
    expect(result!.invocation!.params).toEqual({ file_path: 'b.txt' });
    await expect(
      seen[0]!.execute({
        signal: new AbortController().signal,
        sessionId: 's',
        workspaceRoot: setup.workspace,
      }),
    ).rejects.toMatchObject({
      code: 'invocation_superseded',
    });
  });

  it('re-validates hook params: an invalid rewrite becomes a validation error, nothing runs', async () => {
    const setup = fixture({ hooks: [() => ({ params: { content: 42 } })] });
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'new.txt', content: 'x' }),
    ]);
    expect(result!.status).toBe('invalid');
    expect(result!.content).toContain('/content');
    expect(existsSync(join(setup.workspace, 'new.txt'))).toBe(false);
  });

  it('re-checks permissions after a rewrite: a hook cannot redirect a call to a secret', async () => {
    const setup = fixture({ hooks: [() => ({ params: { file_path: '.ssh/id_rsa' } })] });
    setup.write('notes.md', 'fine');
    setup.write('.ssh/id_rsa', 'secret');
    const [result] = await setup.session.executor.executeBatch([toolCall('Read', { file_path: 'notes.md' })]);
    expect(result!.status).toBe('denied');
    expect(result!.content).not.toContain('secret\n');
  });

  it('lets a hook deny a call', async () => {
    const setup = fixture({ hooks: [() => ({ deny: 'no writes on Fridays' })] });
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'x.txt', content: 'x' }),
    ]);
    expect(result).toMatchObject({ status: 'denied' });
    expect(result!.content).toContain('no writes on Fridays');
    expect(existsSync(join(setup.workspace, 'x.txt'))).toBe(false);
  });
});

describe('ToolExecutor permissions', () => {
  it('Plan mode refuses a Write and the file is not created', async () => {
    const setup = fixture({ mode: 'plan' });
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'plan.txt', content: 'x' }),
    ]);
    expect(result!.status).toBe('denied');
    expect(result!.content).toContain('Plan mode');
    expect(existsSync(join(setup.workspace, 'plan.txt'))).toBe(false);
  });

  it('reads the mode when each call runs: EnterPlanMode earlier in the batch blocks a later Write', async () => {
    const setup = fixture();
    const results = await setup.session.executor.executeBatch([
      toolCall('EnterPlanMode', {}),
      toolCall('Write', { file_path: 'later.txt', content: 'x' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['success', 'denied']);
    expect(existsSync(join(setup.workspace, 'later.txt'))).toBe(false);
  });

  it('denies a high-sensitivity path unless an explicit allow rule names it', async () => {
    const denied = fixture({ permissions: { allow: ['Read'] } });
    denied.write('.ssh/id_rsa', 'PRIVATE');
    const [refused] = await denied.session.executor.executeBatch([
      toolCall('Read', { file_path: '.ssh/id_rsa' }),
    ]);
    expect(refused!.status).toBe('denied');
    expect(refused!.content).toContain('.ssh/id_rsa');
    expect(refused!.content).not.toContain('PRIVATE');

    const allowed = fixture({ permissions: { allow: ['Read(.ssh/id_rsa)'] } });
    allowed.write('.ssh/id_rsa', 'PRIVATE');
    const [read] = await allowed.session.executor.executeBatch([
      toolCall('Read', { file_path: '.ssh/id_rsa' }),
    ]);
    expect(read!.status).toBe('success');
    expect(read!.content).toContain('PRIVATE');
  });

  it('judges a symlink by its target: an innocent name pointing at a private key is refused', async () => {
    const setup = fixture();
    const key = setup.write('.ssh/id_ed25519', 'PRIVATE KEY');
    const { symlinkSync } = await import('node:fs');
    symlinkSync(key, join(setup.workspace, 'notes.txt'));
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'notes.txt' }),
    ]);
    expect(result!.status).toBe('denied');
    expect(result!.content).not.toContain('PRIVATE KEY');
  });

  it('asks for a medium-sensitivity path: approval allows, refusal denies, no handler (non-interactive) denies clearly', async () => {
    const asked: string[] = [];
    const approving = fixture({
      approve: async ({ reason }) => {
        asked.push(reason);
        return true;
      },
    });
    approving.write('.env', 'TOKEN=1');
    const [approved] = await approving.session.executor.executeBatch([
      toolCall('Read', { file_path: '.env' }),
    ]);
    expect(approved!.status).toBe('success');
    expect(asked).toHaveLength(1);

    const refusing = fixture({ approve: async () => false });
    refusing.write('.env', 'TOKEN=1');
    const [declined] = await refusing.session.executor.executeBatch([
      toolCall('Read', { file_path: '.env' }),
    ]);
    expect(declined!.status).toBe('denied');

    const unattended = fixture();
    unattended.write('.env', 'TOKEN=1');
    const [nonInteractive] = await unattended.session.executor.executeBatch([
      toolCall('Read', { file_path: '.env' }),
    ]);
    expect(nonInteractive!.status).toBe('denied');
    expect(nonInteractive!.content).toContain('non-interactive');
    expect(nonInteractive!.content).toContain('permissions.allow');
  });

  it('applies deny rules before anything else', async () => {
    const setup = fixture({ permissions: { allow: ['Write'], deny: ['Write(src/**)'] } });
    const results = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'src/a.ts', content: 'x' }),
      toolCall('Write', { file_path: 'docs/a.md', content: 'x' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['denied', 'success']);
    expect(results[0]!.content).toContain('Write(src/**)');
  });

  it('asks before touching a path outside the workspace', async () => {
    const setup = fixture();
    const outside = join(setup.root, 'outside.txt');
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: outside, content: 'x' }),
    ]);
    expect(result!.status).toBe('denied');
    expect(existsSync(outside)).toBe(false);
  });
});

describe('ToolExecutor results', () => {
  it('times out a call that runs past its per-tool timeout and aborts its signal', async () => {
    let sawAbort = false;
    const hanging = createTool({
      name: 'Hang',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'test: waits for its signal',
      isConcurrencySafe: true,
      execute: (_params, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve({ llmContent: 'stopped' });
          });
        }),
    });
    // A default longer than the test's own timeout, and a per-tool timeout for Hang that wins
    // over it: had the default applied, the test would time out and the text would not say 40 ms.
    const setup = fixture({ extraTools: [hanging], toolTimeoutMs: 600_000, toolTimeoutsMs: { Hang: 40 } });
    const [result] = await setup.session.executor.executeBatch([toolCall('Hang', {})]);
    expect(result!.status).toBe('timeout');
    expect(result!.content).toContain('40 ms');
    expect(sawAbort).toBe(true);
  });

  it('spills a result over the threshold to the artifact store with a head-and-tail preview', async () => {
    const setup = fixture({ spillThresholdBytes: 4096 });
    const lines = Array.from({ length: 2000 }, (_, index) => `line ${index} ${'x'.repeat(40)}`);
    setup.write('big.log', `${lines.join('\n')}\n`);
    const [result] = await setup.session.executor.executeBatch([toolCall('Read', { file_path: 'big.log' })]);
    expect(result!.spilled).toBe(true);
    expect(result!.content).toContain('line 0 ');
    expect(result!.content).toContain('line 1999 ');
    expect(result!.content).not.toContain('line 1000 ');
    const artifact = result!.result.artifacts!.at(-1)!;
    expect(result!.content).toContain(artifact.id);
    const stored = await setup.session.artifacts.read(artifact.id);
    expect(Buffer.from(stored.bytes).toString('utf8')).toContain('line 1000 ');
    expect(Buffer.byteLength(result!.content)).toBeLessThan(20_000);
  });

  it('leaves a small result untouched and reports an unknown tool as not found', async () => {
    const setup = fixture();
    setup.write('small.txt', 'tiny');
    const results = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'small.txt' }),
      toolCall('Nope', {}),
      toolCall('Raed', { file_path: 'small.txt' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'success', spilled: false });
    expect(results[1]!.status).toBe('not_found');
    expect(results[1]!.content).toContain('ToolSearch');
    // A near miss of a registered name is answered with it, so the model repairs the call at once.
    expect(results[2]!.status).toBe('not_found');
    expect(results[2]!.content).toContain('No tool named "Raed" (did you mean "Read"?).');
  });

  it('turns bad arguments into a validation result the model can repair from', async () => {
    const setup = fixture();
    const [result] = await setup.session.executor.executeBatch([toolCall('Read', { path: 'a.txt' })]);
    expect(result!.status).toBe('invalid');
    expect(result!.content).toContain('file_path');
  });
});

describe('ToolExecutor timeouts and locks', () => {
  it('keeps the path lock of a timed-out call until the tool has stopped', async () => {
    const events: string[] = [];
    const slowWriter = createTool({
      name: 'SlowWrite',
      kind: ToolKind.Write,
      schema: Type.Object({ file_path: Type.String(), label: Type.String() }),
      description: 'test: finishes its write 60 ms after being aborted',
      parallelism: 'shared',
      affectedPaths: (params) => [params.file_path],
      async execute(params, context) {
        events.push(`start:${params.label}`);
        if (params.label === 'slow') {
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          await sleep(60);
        }
        events.push(`end:${params.label}`);
        return { llmContent: params.label };
      },
    });
    const setup = fixture({ extraTools: [slowWriter], toolTimeoutMs: 30 });
    const target = join(setup.workspace, 'shared.txt');
    const results = await setup.session.executor.executeBatch([
      toolCall('SlowWrite', { file_path: target, label: 'slow' }),
      toolCall('SlowWrite', { file_path: target, label: 'next' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['timeout', 'success']);
    // The second call on the same path started only after the timed-out one really ended.
    expect(events).toEqual(['start:slow', 'end:slow', 'start:next', 'end:next']);
  });
});

describe('ToolExecutor failures stay per call', () => {
  it('fails closed when a tool cannot say which paths it touches, without failing the batch', async () => {
    const broken = createTool({
      name: 'BrokenPaths',
      kind: ToolKind.Write,
      schema: Type.Object({}),
      description: 'test: affectedPaths throws',
      affectedPaths: () => {
        throw new Error('cannot resolve');
      },
      async execute() {
        throw new Error('must not run');
      },
    });
    const setup = fixture({ extraTools: [broken] });
    setup.write('a.txt', 'fine');
    const results = await setup.session.executor.executeBatch([
      toolCall('BrokenPaths', {}),
      toolCall('Read', { file_path: 'a.txt' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['error', 'success']);
    expect(results[0]!.content).toContain('cannot resolve');
  });
});

describe('ToolExecutor retries on a real EMFILE', () => {
  it('retries real Reads that hit the file-descriptor limit, and every read succeeds', async () => {
    const retried: string[] = [];
    const setup = fixture({
      retry: { maxAttempts: 20, initialDelayMs: 2, maxDelayMs: 20 },
      onExecutorEvent: (event) => {
        if (event.type === 'retry') retried.push(event.errorCode);
      },
    });
    for (let index = 0; index < 24; index += 1) setup.write(`file-${index}.txt`, `content ${index}\n`);
    const { closeSync, openSync } = await import('node:fs');
    // Exhaust this process's descriptors, then free a handful: the 24 parallel Reads must share
    // them, and the ones that hit EMFILE are retried (Read is retry-safe) until they get one.
    const fillers: number[] = [];
    try {
      for (;;) fillers.push(openSync('/dev/null', 'r'));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toMatch(/^(EMFILE|ENFILE)$/);
    }
    let results: Awaited<ReturnType<typeof setup.session.executor.executeBatch>>;
    try {
      for (const descriptor of fillers.splice(-4)) closeSync(descriptor);
      results = await setup.session.executor.executeBatch(
        Array.from({ length: 24 }, (_, index) => toolCall('Read', { file_path: `file-${index}.txt` })),
      );
    } finally {
      for (const descriptor of fillers) closeSync(descriptor);
    }
    expect(results.map((result) => result.status)).toEqual(Array(24).fill('success'));
    expect(results[7]!.content).toContain('content 7');
    expect(retried.length).toBeGreaterThan(0);
    expect(new Set(retried)).toEqual(new Set(['EMFILE']));
  });

  it('does not retry a Write that hits the same real EMFILE: it is not retry-safe', async () => {
    const retried: string[] = [];
    const setup = fixture({
      onExecutorEvent: (event) => {
        if (event.type === 'retry') retried.push(event.errorCode);
      },
    });
    const { closeSync, existsSync: exists, openSync } = await import('node:fs');
    const fillers: number[] = [];
    try {
      for (;;) fillers.push(openSync('/dev/null', 'r'));
    } catch {
      // every descriptor is taken
    }
    let result: Awaited<ReturnType<typeof setup.session.executor.executeBatch>>[number] | undefined;
    try {
      [result] = await setup.session.executor.executeBatch([
        toolCall('Write', { file_path: 'out.txt', content: 'x' }),
      ]);
    } finally {
      for (const descriptor of fillers) closeSync(descriptor);
    }
    expect(result).toMatchObject({ status: 'error', attempts: 1 });
    expect(result!.content).toMatch(/EMFILE|ENFILE/);
    expect(retried).toEqual([]);
    expect(exists(join(setup.workspace, 'out.txt'))).toBe(false);
  });
});

/** An MCP-sourced tool (deferred by default) that counts the calls it ran. */
function countingMcpTool(server: string, name: string, calls: string[]): Tool {
  return createTool({
    name: `mcp__${server}__${name}`,
    kind: ToolKind.ReadOnly,
    schema: compileJsonSchema({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    }),
    description: `${name} from ${server}`,
    source: { type: 'mcp', server, toolName: name, fingerprint: `${server}-${name}-v1` },
    async execute(params) {
      const text = (params as { text: string }).text;
      calls.push(text);
      return { llmContent: `echo: ${text}` };
    },
  });
}

describe('ToolExecutor and deferred tools', () => {
  it('refuses a deferred tool ToolSearch never loaded, saying what to do; once loaded the same call runs', async () => {
    const events: string[] = [];
    const setup = fixture({
      trustedMcpServers: ['x'],
      onExecutorEvent: (event) => {
        if (event.type === 'call-end') events.push(`${event.executed.call.name}:${event.executed.status}`);
      },
    });
    const ran: string[] = [];
    setup.session.registry.replaceTools('mcp:x', [countingMcpTool('x', 'y', ran)]);
    const guessed = toolCall('mcp__x__y', { text: 'guessed' });

    const [refused] = await setup.session.executor.executeBatch([guessed]);
    expect(refused!.status).toBe('not_loaded');
    expect(refused!.content).toBe(
      'mcp__x__y is deferred: its schema has not been loaded. Call ToolSearch with query "select:mcp__x__y" first, then call it again.',
    );
    expect(refused!.result.error?.type).toBe('not_found');
    expect(refused!.invocation).toBeUndefined();
    expect(ran).toEqual([]);

    // Even arguments that do not fit the unseen schema get the same answer, not its details.
    const [wrongShape] = await setup.session.executor.executeBatch([
      toolCall('mcp__x__y', { unexpected: 1 }),
    ]);
    expect(wrongShape!.status).toBe('not_loaded');

    const [search] = await setup.session.executor.executeBatch([
      toolCall('ToolSearch', { query: 'select:mcp__x__y' }),
    ]);
    expect(search!.status).toBe('success');
    const [again] = await setup.session.executor.executeBatch([guessed]);
    expect(again).toMatchObject({ status: 'success', content: 'echo: guessed' });
    expect(ran).toEqual(['guessed']);
    expect(events).toEqual([
      'mcp__x__y:not_loaded',
      'mcp__x__y:not_loaded',
      'ToolSearch:success',
      'mcp__x__y:success',
    ]);
  });

  it('runs deferred tools as usual when the executor is given no deferred state', async () => {
    const setup = fixture();
    const ran: string[] = [];
    setup.session.registry.replaceTools('mcp:x', [countingMcpTool('x', 'y', ran)]);
    const bare = new ToolExecutor({
      lookup: (name) => setup.session.registry.get(name),
      mode: () => 'default',
      permissions: new PermissionPolicy({ workspaceRoot: setup.workspace, trustedMcpServers: ['x'] }),
      sessionId: 'bare',
      workspaceRoot: setup.workspace,
    });
    const [result] = await bare.executeBatch([toolCall('mcp__x__y', { text: 'direct' })]);
    expect(result!.status).toBe('success');
    expect(ran).toEqual(['direct']);
  });
});

describe('ToolExecutor over a cloned registry (a sub-agent)', () => {
  it("gotcha: clone() shares tools, but each executor's catalog loads through its own ToolSearch", async () => {
    const setup = fixture();
    const echo = createTool({
      name: 'mcp__demo__echo',
      kind: ToolKind.ReadOnly,
      schema: compileJsonSchema({ type: 'object', properties: { text: { type: 'string' } } }),
      description: 'echo from demo',
      source: { type: 'mcp', server: 'demo', toolName: 'echo', fingerprint: 'demo-echo-v1' },
      async execute() {
        return { llmContent: 'echo' };
      },
    });
    setup.session.registry.replaceTools('mcp:demo', [echo]);
    const subRegistry = setup.session.registry.clone();
    const subExecutor = new ToolExecutor({
      lookup: (name) => subRegistry.get(name),
      deferred: subRegistry.deferred,
      mode: () => 'default',
      permissions: new PermissionPolicy({ workspaceRoot: setup.workspace, trustedMcpServers: ['demo'] }),
      sessionId: 'sub-agent',
      workspaceRoot: setup.workspace,
    });
    const declared = (registry: typeof subRegistry) =>
      registry
        .getFunctionDeclarationsByMode('default', 'anthropic')
        .declarations.map((declaration) => declaration.name);

    const [search] = await subExecutor.executeBatch([
      toolCall('ToolSearch', { query: 'select:mcp__demo__echo' }),
    ]);
    expect(search!.status).toBe('success');
    // Loaded for the sub-agent only; the parent's model still sees the tool by name alone.
    expect(declared(subRegistry)).toContain('mcp__demo__echo');
    expect(declared(setup.session.registry)).not.toContain('mcp__demo__echo');
    expect(subRegistry.get('mcp__demo__echo')).toBe(setup.session.registry.get('mcp__demo__echo'));
    // And so may run for the sub-agent only: the parent's model never saw its schema.
    const echoCall = toolCall('mcp__demo__echo', { text: 'hi' });
    expect((await subExecutor.executeBatch([echoCall]))[0]!.status).toBe('success');
    expect((await setup.session.executor.executeBatch([echoCall]))[0]!.status).toBe('not_loaded');
  });
});
