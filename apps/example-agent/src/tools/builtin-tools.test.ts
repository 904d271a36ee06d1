import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ToolKind } from '@toolwright/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaskStore } from '../session/task-store.js';
import { sessionFixtures, toolCall } from '../test-support/executor-fixture.js';
import { compileGlob } from './glob-pattern.js';

const fixture = sessionFixtures();

describe('built-in tool metadata', () => {
  it('declares kind, concurrency and retry-safety honestly', () => {
    const { session } = fixture();
    const table = Object.fromEntries(
      session.registry.getBuiltins().map((tool) => {
        const metadata = tool.getMetadata();
        return [
          tool.name,
          `${metadata.kind} ${metadata.parallelism} ${metadata.isConcurrencySafe ? 'safe' : 'unsafe'} ${metadata.isRetrySafe ? 'retry' : 'no-retry'}`,
        ];
      }),
    );
    expect(table).toEqual({
      Read: 'read-only shared safe retry',
      Glob: 'read-only shared safe retry',
      Grep: 'read-only shared safe retry',
      Write: 'write shared unsafe no-retry',
      Edit: 'write shared unsafe no-retry',
      TaskCreate: 'read-only exclusive unsafe no-retry',
      TaskGet: 'read-only shared safe retry',
      TaskList: 'read-only shared safe retry',
      TaskUpdate: 'read-only exclusive unsafe no-retry',
      EnterPlanMode: 'read-only exclusive unsafe no-retry',
      ExitPlanMode: 'read-only exclusive unsafe no-retry',
      ReadArtifact: 'read-only shared safe retry',
      ToolSearch: 'read-only shared safe retry',
    });
  });

  it('gotcha: ToolKind.ReadOnly is not idempotent — TaskCreate is ReadOnly, changes state, and is not retry-safe', async () => {
    const { session } = fixture({ mode: 'plan' });
    const taskCreate = session.registry.get('TaskCreate')!;
    expect(taskCreate.kind).toBe(ToolKind.ReadOnly);
    expect(taskCreate.isRetrySafe).toBe(false);
    // Allowed in Plan mode (ReadOnly), and it changed persistent state: running it twice makes two tasks.
    const calls = [
      toolCall('TaskCreate', { subject: 'a', description: '' }),
      toolCall('TaskCreate', { subject: 'a', description: '' }),
    ];
    const results = await session.executor.executeBatch(calls);
    expect(results.map((result) => result.status)).toEqual(['success', 'success']);
    expect(new TaskStore(session.sessionDirectory).list()).toHaveLength(2);
    expect(results[0]!.invocation!.isRetrySafe).toBe(false);
  });

  it('gotcha: isRetrySafe defaults to false — a tool that does not say so is never retried', () => {
    const { session } = fixture();
    for (const name of ['Write', 'Edit', 'EnterPlanMode', 'ExitPlanMode']) {
      const tool = session.registry.get(name)!;
      expect([
        tool.isRetrySafe,
        tool.getMetadata().isRetrySafe,
        tool.build(
          tool.name === 'ExitPlanMode'
            ? { plan: 'p' }
            : tool.name === 'Write'
              ? { file_path: 'a', content: '' }
              : tool.name === 'Edit'
                ? { file_path: 'a', old_string: 'x', new_string: 'y' }
                : {},
        ).isRetrySafe,
      ]).toEqual([false, false, false]);
    }
  });

  it('reports absolute affected paths resolved against the workspace', () => {
    const { session, workspace } = fixture();
    expect(session.registry.get('Read')!.build({ file_path: 'src/a.ts' }).affectedPaths).toEqual([
      join(workspace, 'src/a.ts'),
    ]);
    expect(
      session.registry.get('Edit')!.build({ file_path: '/tmp/x', old_string: 'a', new_string: 'b' })
        .affectedPaths,
    ).toEqual(['/tmp/x']);
    expect(session.registry.get('Glob')!.build({ pattern: '*.ts' }).affectedPaths).toEqual([workspace]);
    expect(session.registry.get('TaskList')!.build({}).affectedPaths).toEqual([session.tasks.filePath]);
  });
});

describe('file tools on real files', () => {
  it('Read numbers lines and pages with offset and limit', async () => {
    const setup = fixture();
    setup.write('a.txt', 'one\ntwo\nthree\nfour\n');
    const [page] = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'a.txt', offset: 2, limit: 2 }),
    ]);
    expect(page!.content).toBe('2\ttwo\n3\tthree\n… 1 more lines; continue with offset 4');
    const [missing] = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'nope.txt' }),
    ]);
    expect(missing!.status).toBe('error');
    expect(missing!.content).toContain('nope.txt');
  });

  it('Read refuses a file over its size limit instead of loading it', async () => {
    const setup = fixture();
    const { truncateSync } = await import('node:fs');
    const path = setup.write('huge.bin', '');
    truncateSync(path, 21 * 1024 * 1024); // sparse: no real disk use
    const [result] = await setup.session.executor.executeBatch([toolCall('Read', { file_path: 'huge.bin' })]);
    expect(result!.status).toBe('error');
    expect(result!.content).toContain('21.0 MiB');
    expect(result!.content).toContain('up to 20 MiB');
  });

  it('Glob and Grep find files and lines, skipping node_modules', async () => {
    const setup = fixture();
    setup.write('src/a.ts', 'const a = 1; // TODO one\n');
    setup.write('src/deep/b.ts', 'export {}\n');
    setup.write('src/c.js', '// TODO two\n');
    setup.write('node_modules/x/index.ts', '// TODO hidden\n');
    const [glob, grep, count] = await setup.session.executor.executeBatch([
      toolCall('Glob', { pattern: 'src/**/*.ts' }),
      toolCall('Grep', { pattern: 'TODO', output_mode: 'content' }),
      toolCall('Grep', { pattern: 'todo', case_insensitive: true, glob: '**/*.js', output_mode: 'count' }),
    ]);
    expect(glob!.content).toBe('src/a.ts\nsrc/deep/b.ts');
    expect(grep!.content).toBe('src/a.ts:1:const a = 1; // TODO one\nsrc/c.js:1:// TODO two');
    expect(count!.content).toBe('src/c.js:1');
  });

  it('Write replaces a file atomically, keeping its mode, and leaves no temporary file', async () => {
    const setup = fixture();
    const path = setup.write('script.sh', 'old');
    const { chmodSync } = await import('node:fs');
    chmodSync(path, 0o755);
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'script.sh', content: 'new' }),
    ]);
    expect(result!.status).toBe('success');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(statSync(path).mode & 0o777).toBe(0o755);
    expect(readdirSync(setup.workspace)).toEqual(['script.sh']);
  });

  it('Edit refuses an ambiguous or missing old_string without touching the file', async () => {
    const setup = fixture();
    const path = setup.write('a.txt', 'x x');
    const [ambiguous, missing, all] = await setup.session.executor.executeBatch([
      toolCall('Edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y' }),
      toolCall('Edit', { file_path: 'a.txt', old_string: 'z', new_string: 'y' }),
      toolCall('Edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y', replace_all: true }),
    ]);
    expect(ambiguous!.content).toContain('occurs 2 times');
    expect(missing!.content).toContain('not found');
    expect(all!.content).toContain('2 replacements');
    expect(readFileSync(path, 'utf8')).toBe('y y');
  });
});

describe('task tools', () => {
  it('persists the task list in the session directory across store instances', async () => {
    const { session } = fixture();
    await session.executor.executeBatch([
      toolCall('TaskCreate', { subject: 'Write docs', description: 'README' }),
    ]);
    await session.executor.executeBatch([toolCall('TaskUpdate', { id: '1', status: 'in_progress' })]);
    const reopened = new TaskStore(session.sessionDirectory);
    expect(reopened.list()).toMatchObject([{ id: '1', subject: 'Write docs', status: 'in_progress' }]);
    expect(JSON.parse(readFileSync(session.tasks.filePath, 'utf8'))).toMatchObject({ nextId: 2 });
    const [get, list, unknown] = await session.executor.executeBatch([
      toolCall('TaskGet', { id: '1' }),
      toolCall('TaskList', {}),
      toolCall('TaskGet', { id: '9' }),
    ]);
    expect(get!.content).toBe('#1 [in_progress] Write docs\nREADME');
    expect(list!.content).toBe('#1 [in_progress] Write docs');
    expect(unknown!.content).toContain('known ids: 1');
  });

  it('rejects a status outside the accepted values', async () => {
    const { session } = fixture();
    await session.executor.executeBatch([toolCall('TaskCreate', { subject: 'a', description: '' })]);
    const [result] = await session.executor.executeBatch([
      toolCall('TaskUpdate', { id: '1', status: 'done' }),
    ]);
    expect(result!.status).toBe('invalid');
    expect(result!.content).toContain('/status');
  });
});

describe('compileGlob', () => {
  it('stays fast on a glob that would make a backtracking engine explode', () => {
    // Twelve `**/` over sixty segments are about 10^12 ways to split the path for a backtracking
    // engine: a regression fails on the test's own timeout on any machine; no clock is read.
    const matcher = compileGlob(`${'**/'.repeat(12)}x`);
    const deepPath = `${'d/'.repeat(60)}y`;
    expect(matcher.test(deepPath)).toBe(false);
  });

  it('matches a literal path exactly (property)', () => {
    // Names a walk yields: never `.` or `..`, which a leading `./` of a glob would also drop.
    const segment = fc
      .stringMatching(/^[a-zA-Z0-9_.-]{1,12}$/)
      .filter((name) => name !== '.' && name !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = segments.join('/');
        expect(compileGlob(path).test(path)).toBe(true);
        expect(compileGlob(path).test(`${path}/extra`)).toBe(false);
      }),
    );
  });

  it('understands *, **, ?, classes and braces', () => {
    expect(compileGlob('*.ts').test('a.ts')).toBe(true);
    expect(compileGlob('*.ts').test('src/a.ts')).toBe(false);
    expect(compileGlob('**/*.ts').test('a.ts')).toBe(true);
    expect(compileGlob('**/*.ts').test('src/deep/a.ts')).toBe(true);
    expect(compileGlob('src/?.{ts,js}').test('src/a.js')).toBe(true);
    expect(compileGlob('[!a]*').test('abc')).toBe(false);
  });
});

describe('Grep with a hostile pattern', () => {
  it('runs a catastrophic-backtracking pattern in linear time and rejects unsupported syntax clearly', async () => {
    const setup = fixture();
    // 2^3000 ways to split the line for a backtracking engine: only the test's timeout could end it.
    setup.write('evil.txt', `${'a'.repeat(3000)}!\n`);
    const [evil, backreference] = await setup.session.executor.executeBatch([
      toolCall('Grep', { pattern: '^(a+)+$', output_mode: 'count' }),
      toolCall('Grep', { pattern: '(a)\\1' }),
    ]);
    expect(evil!.content).toBe('No matches for /^(a+)+$/');
    expect(backreference!.status).toBe('error');
    expect(backreference!.content).toContain('RE2 syntax');
  });
});
