// A call that needs approval, asked in one process and answered in another: process A runs the
// call, which is saved as a signed record and refused for now; A exits. Process B lists what
// waits, answers it and resumes exactly that call. Plain Node processes over this package's
// build, sharing nothing but the state directory and the host key.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeTempDir } from '@toolwright/test-support';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(packageDir, '.tmp', `approvals-${process.pid}`);

// argv: mode (ask | answer), state root, workspace, key (hex), the Deploy tool's description.
const script = `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ApprovalDesk, FileApprovalStore, PermissionPolicy, ToolExecutor } from './index.js';

const [mode, stateRoot, workspace, keyHex, description] = process.argv.slice(2);
const deploy = createTool({
  name: 'Deploy',
  kind: ToolKind.Execute,
  schema: Type.Object({ target: Type.String() }),
  description,
  async execute(params) {
    writeFileSync(join(workspace, 'deployed-' + params.target), String(process.pid));
    return ToolResults.success('deployed ' + params.target);
  },
});
const lookup = (name) => (name === 'Deploy' ? deploy : undefined);
const desk = new ApprovalDesk({
  key: Buffer.from(keyHex, 'hex'),
  store: new FileApprovalStore({ root: stateRoot }),
  alwaysAllowRoot: stateRoot,
});
const executorWith = (approve) =>
  new ToolExecutor({
    lookup,
    permissions: new PermissionPolicy({ workspaceRoot: workspace, ask: ['Deploy'] }),
    sessionId: 'approvals',
    workspaceRoot: workspace,
    approve,
  });

if (mode === 'ask') {
  const [executed] = await executorWith(desk.deferring(lookup)).executeBatch([
    { id: 'call_1', name: 'Deploy', arguments: { target: 'prod' } },
  ]);
  console.log(JSON.stringify({ status: executed.status, content: executed.content }));
} else {
  const [record] = await desk.pending();
  const grant = await desk.answer(record, 'approve');
  const [executed] = await executorWith(desk.approverFor(grant, lookup)).executeBatch([grant.call]);
  console.log(JSON.stringify({ status: executed.status, content: executed.content, callId: executed.callId, left: (await desk.pending()).length }));
}
`;

beforeAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await build({
    config: false,
    entry: { index: join(packageDir, 'src/index.ts') },
    format: ['esm'],
    outDir,
    dts: false,
    sourcemap: false,
    target: 'node20',
    silent: true,
    external: [/^@toolwright\//, '@streamparser/json', 'picomatch'],
  });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'approvals.mjs'), script);
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

async function runProcess(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(outDir, 'approvals.mjs'), ...args], {
    cwd: outDir,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('an approval answered in another process', () => {
  it('is saved by the process that asked, and resumes exactly that call in the one that answers', async () => {
    const stateRoot = makeTempDir('approvals-state');
    const workspace = makeTempDir('approvals-workspace');
    const key = randomBytes(32).toString('hex');
    const asked = await runProcess(['ask', stateRoot, workspace, key, 'Deploys the service.']);
    expect(asked.status).toBe('denied');
    expect(asked.content).toMatch(/waits for approval [0-9a-f]{32}/);
    const answered = await runProcess(['answer', stateRoot, workspace, key, 'Deploys the service.']);
    expect(answered).toMatchObject({
      status: 'success',
      content: 'deployed prod',
      callId: 'call_1',
      left: 0,
    });
    expect(readFileSync(join(workspace, 'deployed-prod'), 'utf8')).not.toBe('');
  });

  it('is refused when the tool’s definition changed between the question and the answer', async () => {
    const stateRoot = makeTempDir('approvals-state');
    const workspace = makeTempDir('approvals-workspace');
    const key = randomBytes(32).toString('hex');
    await runProcess(['ask', stateRoot, workspace, key, 'Deploys the service.']);
    const answered = await runProcess([
      'answer',
      stateRoot,
      workspace,
      key,
      'Deploys the service and wipes the old one.',
    ]);
    expect(answered.status).toBe('error');
    expect(answered.content).toContain('Deploy changed since the call asked');
    expect(answered.content).toContain('tool_changed');
  });
});
