import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Approvals as data, through the CLI a user runs: a run with nobody at a terminal saves the call
// that asks; later, separate processes list it, and approve it (the call runs, once) or deny it.
const directory = makeTemporaryDirectory('approvals-cli');
const workspace = join(directory.path, 'workspace');
const home = join(directory.path, 'home');
const SECRET = 'DEPLOY_TOKEN=abc123';

beforeAll(() => {
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(workspace, '.env'), `${SECRET}\n`);
  writeFileSync(
    join(directory.path, 'scenario.json'),
    JSON.stringify({
      name: 'asks',
      turns: [
        { text: 'reading the settings', toolCalls: [{ name: 'Read', arguments: { file_path: '.env' } }] },
        {
          text: 'that waits for the user',
          expectResults: [{ call: 0, isError: true, includes: 'It waits for approval' }],
        },
      ],
    }),
  );
});
afterAll(async () => {
  directory.remove();
  await removeCliUnderTest();
});

function cli(args: string[]) {
  return runCli(args, { cwd: workspace, home });
}

interface ListedRecord {
  id: string;
  toolName: string;
  toolCallId: string;
  arguments: unknown;
  reason: string;
}

async function runThatAsks(): Promise<ListedRecord> {
  const run = await cli([
    'run',
    'what is in .env?',
    '--scenario',
    join(directory.path, 'scenario.json'),
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  const last = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { pendingApprovals?: string[] };
  expect(run.stdout).not.toContain(SECRET);
  const listed = await cli(['approvals', '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  const records = JSON.parse(listed.stdout) as ListedRecord[];
  const record = records.find((each) => last.pendingApprovals?.includes(each.id));
  expect(record).toBeDefined();
  return record!;
}

function approvalsDirectory(): string {
  return join(home, 'approvals');
}

describe('toolwright-agent approvals (separate processes)', () => {
  it('a call that asked with nobody at a terminal is saved, listed, and runs once when approved in another process', async () => {
    const record = await runThatAsks();
    expect(record).toMatchObject({ toolName: 'Read', arguments: { file_path: '.env' } });
    expect(record.reason).toContain('.env');
    const listedText = await cli(['approvals']);
    expect(listedText.stdout).toContain(`${record.id}  Read {"file_path":".env"}`);
    expect(listedText.stdout).toContain(`call ${record.toolCallId}, expires in 24 h`);

    const approved = await cli(['approvals', 'approve', record.id]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(SECRET);
    expect(approved.stderr).toContain(`approved: resuming call ${record.toolCallId} of Read`);

    // An answer counts once: the record is gone, and a second approval runs nothing.
    const again = await cli(['approvals', 'approve', record.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No pending approval "${record.id}"`);
    expect(again.stderr).toContain('[approval_not_found]');
    expect(again.stdout).not.toContain(SECRET);
  }, 120_000);

  it('a denied call never runs, and the record is gone', async () => {
    const record = await runThatAsks();
    const denied = await cli(['approvals', 'deny', record.id]);
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stderr).toContain(`denied Read (call ${record.toolCallId})`);
    expect(denied.stdout).not.toContain(SECRET);
    expect((await cli(['approvals'])).stdout).not.toContain(record.id);
  }, 120_000);

  it('a record edited on disk (other arguments) is refused as forged and runs nothing', async () => {
    const record = await runThatAsks();
    const file = join(approvalsDirectory(), `${record.id}.json`);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...stored, arguments: { file_path: 'notes.md' } }), { mode: 0o600 });
    const forged = await cli(['approvals', 'approve', record.id]);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain("its signature is not this host's");
    expect(forged.stderr).toContain('[forged]');
    // A forged record is not listed as pending either.
    expect((await cli(['approvals'])).stdout).not.toContain(record.id);
  }, 120_000);

  it('"--always --matching" allows later calls the pattern covers, in other processes, and no others', async () => {
    mkdirSync(join(workspace, 'config'), { recursive: true });
    writeFileSync(join(workspace, 'config', '.env'), 'OTHER=1\n');
    const first = await cli(['call', 'Read', '{"file_path":".env"}']);
    expect(first.code).toBe(1);
    const id = /It waits for approval ([0-9a-f]{32})/.exec(first.stdout)?.[1];
    expect(id, first.stdout).toBeDefined();
    const approved = await cli(['approvals', 'approve', id!, '--always', '--matching', '.env']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(SECRET);
    // Another process: the same file is read without asking; another .env still asks.
    const again = await cli(['call', 'Read', '{"file_path":".env"}']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain(SECRET);
    const other = await cli(['call', 'Read', '{"file_path":"config/.env"}']);
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/It waits for approval [0-9a-f]{32}/);
    expect(other.stdout).not.toContain('OTHER=1');
  }, 120_000);

  it('refuses --same-arguments without --always, and an unknown id, naming what is accepted', async () => {
    const usage = await cli(['approvals', 'approve', '0'.repeat(32), '--same-arguments']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--same-arguments and --matching go with --always');
    const unknown = await cli(['approvals', 'deny', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('`toolwright-agent approvals` lists the pending ones');
    // The state stays private: the key and the records are the user's only.
    for (const name of readdirSync(approvalsDirectory()))
      expect(statSync(join(approvalsDirectory(), name)).mode & 0o777, name).toBe(0o600);
  }, 120_000);
});
