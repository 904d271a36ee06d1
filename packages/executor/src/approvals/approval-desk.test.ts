import { randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import type { PendingApprovalV1 } from '@toolwright/spec';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent } from '../executed-call.js';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { ToolExecutor } from '../tool-executor.js';
import { type ApprovalAnswer, ApprovalDesk, type ApprovalQuestion } from './approval-desk.js';
import { ApprovalError } from './approval-error.js';
import { FileApprovalStore } from './file-approval-store.js';

const deploy = createTool({
  name: 'Deploy',
  kind: ToolKind.Execute,
  schema: Type.Object({ target: Type.String() }),
  description: 'Deploys the service.',
  execute: async () => ToolResults.success('deployed'),
});
const lookup = (name: string) => (name === 'Deploy' ? deploy : undefined);

function deskAt(clock: { now: number }, key = randomBytes(32), root = makeTempDir('approval-desk')) {
  return new ApprovalDesk({
    key,
    store: new FileApprovalStore({ root }),
    alwaysAllowRoot: root,
    ttlMs: 60_000,
    now: () => clock.now,
  });
}

async function refusal(answer: Promise<unknown>): Promise<ApprovalError> {
  const error = await answer.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(ApprovalError.isInstance(error)).toBe(true);
  return error as ApprovalError;
}

async function asked(desk: ApprovalDesk): Promise<PendingApprovalV1> {
  return desk.request({
    toolCallId: 'call_1',
    tool: deploy,
    arguments: { target: 'prod' },
    reason: 'Deploy asks.',
  });
}

describe('ApprovalDesk', () => {
  it('lists a pending approval with what a person needs to judge it', async () => {
    const desk = deskAt({ now: 1_000 });
    const record = await asked(desk);
    expect(await desk.pending()).toEqual([record]);
    expect(record).toMatchObject({
      toolCallId: 'call_1',
      toolName: 'Deploy',
      fingerprintFromServer: false,
      arguments: { target: 'prod' },
      reason: 'Deploy asks.',
      createdAt: 1_000,
      expiresAt: 61_000,
    });
    expect(record.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a forged record: another key signed it, or a field was changed after signing', async () => {
    const clock = { now: 1_000 };
    const root = makeTempDir('approval-desk');
    const desk = deskAt(clock, randomBytes(32), root);
    const record = await asked(desk);
    // `find` hands back what is stored, unchecked, so that answering it says why it is refused.
    expect(await desk.find(record.id)).toEqual(record);
    const edited = { ...record, arguments: { target: 'everything' } };
    expect((await refusal(desk.answer(edited, 'approve'))).code).toBe('forged');
    const other = await asked(deskAt(clock, randomBytes(32), root));
    const forged = await refusal(desk.answer(other, 'approve'));
    expect(forged.code).toBe('forged');
    expect(forged.message).toContain('signature is not this host');
    // A forged record is never listed.
    expect((await desk.pending()).map((pending) => pending.id)).toEqual([record.id]);
  });

  it('refuses an answer after the record expired', async () => {
    const clock = { now: 1_000 };
    const desk = deskAt(clock);
    const record = await asked(desk);
    clock.now = 61_001;
    const expired = await refusal(desk.answer(record, 'approve'));
    expect(expired.code).toBe('expired');
    expect(expired.message).toContain('expired at 1970-01-01T00:01:01.000Z');
  });

  it('counts an answer once: a second answer, or a second resume of one grant, is a replay', async () => {
    const desk = deskAt({ now: 1_000 });
    const record = await asked(desk);
    const grant = await desk.answer(record, 'approve');
    expect(grant?.call).toEqual({ id: 'call_1', name: 'Deploy', arguments: { target: 'prod' } });
    expect((await refusal(desk.answer(record, 'deny'))).code).toBe('replayed');
    // Another process answering by id finds nothing left to answer.
    expect(await desk.find(record.id)).toBeUndefined();
    const approve = desk.approverFor(grant!, lookup);
    const invocation = deploy.build({ target: 'prod' });
    expect(await approve({ invocation, reason: 'asks', toolCallId: 'call_1' })).toBe(true);
    expect((await refusal(approve({ invocation, reason: 'asks', toolCallId: 'call_1' }))).code).toBe(
      'replayed',
    );
  });

  it('resumes only the call it approved: other arguments, another call id or another tool are refused', async () => {
    const desk = deskAt({ now: 1_000 });
    const grant = await desk.answer(await asked(desk), 'approve');
    const approve = desk.approverFor(grant!, lookup);
    const otherArguments = await refusal(
      approve({ invocation: deploy.build({ target: 'staging' }), reason: 'asks', toolCallId: 'call_1' }),
    );
    expect(otherArguments.code).toBe('arguments_mismatch');
    const otherCall = await refusal(
      approve({ invocation: deploy.build({ target: 'prod' }), reason: 'asks', toolCallId: 'call_2' }),
    );
    expect(otherCall.code).toBe('tool_mismatch');
    expect(otherCall.message).toContain('is for call call_1 of Deploy, not call call_2 of Deploy');
  });

  it('refuses a stored value that is no record, naming the field', async () => {
    const desk = deskAt({ now: 1_000 });
    const record = await asked(desk);
    const { signature: _dropped, ...unsigned } = record;
    const invalid = await refusal(desk.answer(unsigned as PendingApprovalV1, 'approve'));
    expect(invalid.code).toBe('invalid_record');
    expect(invalid.message).toContain('field "signature" is missing or not a string');
  });

  it('remembers "always" by the tool’s fingerprint: a changed definition asks again, naming the change', async () => {
    const clock = { now: 1_000 };
    const key = randomBytes(32);
    const root = makeTempDir('approval-desk');
    const desk = deskAt(clock, key, root);
    await desk.answer(await asked(desk), 'always');
    // Another process of the host, later: the same tool runs without asking.
    const later = deskAt(clock, key, root);
    const sameTool = later.deferring(lookup);
    const call = { reason: 'Deploy asks.', toolCallId: 'call_9' };
    expect(await sameTool({ ...call, invocation: deploy.build({ target: 'staging' }) })).toBe(true);
    // The tool's declaration changed: it asks again, and the record says why.
    const changed = createTool({
      name: 'Deploy',
      kind: ToolKind.Execute,
      schema: Type.Object({ target: Type.String(), wipe: Type.Optional(Type.Boolean()) }),
      description: 'Deploys the service and may wipe the old one.',
      execute: async () => ToolResults.success('deployed'),
    });
    const answer = await later.deferring(() => changed)({
      ...call,
      invocation: changed.build({ target: 'prod' }),
    });
    expect(answer).toEqual({ pendingApproval: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const [pending] = await later.pending();
    expect(pending?.reason).toMatch(
      /^Deploy asks\. Deploy was always allowed, but it changed since \(fingerprint [0-9a-f]{12} is now [0-9a-f]{12}; its declaration changed\), so it asks again\.$/,
    );
    // An entry another key signed is not taken.
    const stranger = deskAt(clock, randomBytes(32), root).deferring(lookup);
    expect(await stranger({ ...call, invocation: deploy.build({ target: 'prod' }) })).not.toBe(true);
  });

  it('names the MCP server as the one that changed an MCP tool it had always allowed', async () => {
    const clock = { now: 1_000 };
    const desk = deskAt(clock);
    const served = (fingerprint: string) =>
      createTool({
        name: 'mcp__ci__deploy',
        kind: ToolKind.Execute,
        schema: Type.Object({ target: Type.String() }),
        description: 'Deploys.',
        source: { type: 'mcp', server: 'ci', toolName: 'deploy', fingerprint },
        execute: async () => ToolResults.success('deployed'),
      });
    const before = served('a'.repeat(64));
    const record = await desk.request({
      toolCallId: 'c1',
      tool: before,
      arguments: { target: 'prod' },
      reason: 'asks.',
    });
    expect(record).toMatchObject({ toolFingerprint: 'a'.repeat(64), fingerprintFromServer: true });
    await desk.answer(record, 'always');
    const after = served('b'.repeat(64));
    const call = { reason: 'asks.', toolCallId: 'c2', invocation: after.build({ target: 'prod' }) };
    expect(await desk.deferring(() => after)(call)).not.toBe(true);
    const [pending] = await desk.pending();
    expect(pending?.reason).toContain(
      `fingerprint ${'a'.repeat(12)} is now ${'b'.repeat(12)}; its MCP server changed the definition`,
    );
  });

  it('with sameArgumentsOnly, "always" covers only calls with the approved arguments', async () => {
    const clock = { now: 1_000 };
    const desk = deskAt(clock);
    await desk.answer(await asked(desk), 'always', { sameArgumentsOnly: true });
    const handler = desk.deferring(lookup);
    const call = { reason: 'Deploy asks.', toolCallId: 'call_9' };
    expect(await handler({ ...call, invocation: deploy.build({ target: 'prod' }) })).toBe(true);
    expect(await handler({ ...call, invocation: deploy.build({ target: 'staging' }) })).not.toBe(true);
  });

  it('asking: a person answers now; "always" is kept by fingerprint and a changed tool asks again', async () => {
    const clock = { now: 1_000 };
    const key = randomBytes(32);
    const root = makeTempDir('approval-desk');
    const questions: string[] = [];
    const answers: ApprovalAnswer[] = ['deny', 'approve', 'always'];
    const person = async (question: ApprovalQuestion) => {
      questions.push(question.reason);
      return answers.shift() ?? 'deny';
    };
    const handler = deskAt(clock, key, root).asking(lookup, person);
    const call = (target: string) => ({
      reason: 'Deploy asks.',
      toolCallId: 'call_1',
      invocation: deploy.build({ target }),
    });
    expect(await handler(call('prod'))).toBe(false);
    // "approve" runs this call only: the next one asks again.
    expect(await handler(call('prod'))).toBe(true);
    expect(await handler(call('prod'))).toBe(true);
    expect(questions).toEqual(['Deploy asks.', 'Deploy asks.', 'Deploy asks.']);
    // "always" was answered: another desk of the host (a restart) runs it without asking, and
    // nothing was saved as pending.
    const restarted = deskAt(clock, key, root);
    expect(await restarted.asking(lookup, person)(call('staging'))).toBe(true);
    expect(questions).toHaveLength(3);
    expect(await restarted.pending()).toEqual([]);
    // A changed declaration is asked about, naming the change.
    const changed = createTool({
      name: 'Deploy',
      kind: ToolKind.Execute,
      schema: Type.Object({ target: Type.String(), wipe: Type.Optional(Type.Boolean()) }),
      description: 'Deploys the service and may wipe the old one.',
      execute: async () => ToolResults.success('deployed'),
    });
    const changedCall = { ...call('prod'), invocation: changed.build({ target: 'prod' }) };
    expect(await restarted.asking(() => changed, person)(changedCall)).toBe(false);
    expect(questions[3]).toMatch(
      /^Deploy asks\. Deploy was always allowed, but it changed since \(fingerprint [0-9a-f]{12} is now [0-9a-f]{12}; its declaration changed\), so it asks again\.$/,
    );
  });

  it('through an executor: the deferred call is refused for now, naming its record in the result and the event', async () => {
    const root = makeTempDir('approval-desk-executor');
    const desk = deskAt({ now: 1_000 }, randomBytes(32), root);
    const events: ExecutorEvent[] = [];
    const executor = new ToolExecutor({
      lookup,
      permissions: new PermissionPolicy({ workspaceRoot: root, ask: ['Deploy'] }),
      sessionId: 'deferred',
      workspaceRoot: root,
      approve: desk.deferring(lookup),
      onEvent: (event) => events.push(event),
    });
    const [executed] = await executor.executeBatch([
      { id: 'call_7', name: 'Deploy', arguments: { target: 'prod' } },
    ]);
    const [record] = await desk.pending();
    expect(record?.toolCallId).toBe('call_7');
    expect(executed).toMatchObject({ status: 'denied', pendingApproval: record?.id });
    expect(executed?.content).toContain(
      `It waits for approval ${record?.id}; it runs once that is approved.`,
    );
    const permission = events.find((event) => event.type === 'permission');
    expect(permission).toMatchObject({ pendingApproval: record?.id, decision: { behavior: 'deny' } });
    // A plain refusal carries no record id.
    const declined = new ToolExecutor({
      lookup,
      permissions: new PermissionPolicy({ workspaceRoot: root, ask: ['Deploy'] }),
      sessionId: 'declined',
      workspaceRoot: root,
      approve: async () => false,
    });
    const [refused] = await declined.executeBatch([
      { id: 'c', name: 'Deploy', arguments: { target: 'prod' } },
    ]);
    expect(refused?.status).toBe('denied');
    expect(refused?.pendingApproval).toBeUndefined();
  });

  it('an "always" limited by an argument pattern covers only calls the rule covers, by where their paths really are', async () => {
    const workspace = makeTempDir('approval-desk-pattern');
    mkdirSync(join(workspace, 'docs'));
    mkdirSync(join(workspace, 'src'));
    // A link inside docs/ that leads to src/: a path through it is src/, whatever it says.
    symlinkSync(join(workspace, 'src'), join(workspace, 'docs', 'link'));
    const write = createTool({
      name: 'Write',
      kind: ToolKind.Write,
      schema: Type.Object({ file_path: Type.String() }),
      description: 'Writes a file.',
      affectedPaths: (params) => [params.file_path],
      execute: async () => ToolResults.success('written'),
    });
    const policy = new PermissionPolicy({ workspaceRoot: workspace });
    const root = makeTempDir('approval-desk');
    const clock = { now: 1_000 };
    const key = randomBytes(32);
    const desk = new ApprovalDesk({
      key,
      store: new FileApprovalStore({ root }),
      alwaysAllowRoot: root,
      policy,
      now: () => clock.now,
    });
    const asked = () =>
      desk.request({ toolCallId: 'c1', tool: write, arguments: { file_path: 'docs/a.md' }, reason: 'asks.' });
    // Refused before the record is claimed: it can still be answered.
    const both = await asked();
    await expect(
      desk.answer(both, 'always', { argumentPattern: 'docs/**', sameArgumentsOnly: true }),
    ).rejects.toThrow('sameArgumentsOnly or argumentPattern, not both');
    const noPolicy = new ApprovalDesk({
      key,
      store: new FileApprovalStore({ root }),
      alwaysAllowRoot: root,
      now: () => clock.now,
    });
    await expect(noPolicy.answer(both, 'always', { argumentPattern: 'docs/**' })).rejects.toThrow(
      "needs ApprovalDesk's policy option",
    );
    await expect(desk.answer(both, 'always', { argumentPattern: 'docs/../../x/**' })).rejects.toThrow(
      'Invalid rule "Write(docs/../../x/**)"',
    );
    expect((await desk.pending()).map((record) => record.id)).toEqual([both.id]);
    await desk.answer(both, 'always', { argumentPattern: 'docs/**' });

    const handler = desk.deferring(() => write);
    const call = (file_path: string) => ({
      reason: 'asks.',
      toolCallId: `c-${file_path}`,
      invocation: write.build({ file_path }),
    });
    expect(await handler(call('docs/b.md'))).toBe(true);
    expect(await handler(call('./docs/deep/c.md'))).toBe(true);
    expect(await handler(call('src/a.ts'))).not.toBe(true);
    expect(await handler(call('docs/../src/a.ts'))).not.toBe(true);
    expect(await handler(call('docs/link/a.ts'))).not.toBe(true);
    expect(await handler(call(join(workspace, 'docs', 'link', 'a.ts')))).not.toBe(true);
    // Without the policy the same signed entry covers nothing: it fails closed.
    expect(await noPolicy.deferring(() => write)(call('docs/b.md'))).not.toBe(true);
  });

  it('takes a host store without the version field, and refuses one of another version or shape by name', async () => {
    const records = new Map<string, PendingApprovalV1>();
    const unversioned = {
      get: async (id: string) => records.get(id),
      put: async (record: PendingApprovalV1) => {
        records.set(record.id, record);
      },
      delete: async (id: string) => records.delete(id),
      list: async () => [...records.values()],
    };
    const desk = new ApprovalDesk({ key: randomBytes(32), store: unversioned as never, now: () => 1_000 });
    const record = await asked(desk);
    expect(records.get(record.id)).toEqual(record);
    expect(await desk.answer(record, 'deny')).toBeUndefined();
    expect(records.size).toBe(0);
    expect(
      () =>
        new ApprovalDesk({
          key: randomBytes(32),
          store: { ...unversioned, specificationVersion: 'v2' } as never,
        }),
    ).toThrow(/ApprovalDesk: store: this ApprovalStore says specificationVersion 'v2'/);
    expect(
      () => new ApprovalDesk({ key: randomBytes(32), store: { get: unversioned.get } as never }),
    ).toThrow('ApprovalDesk: store: this ApprovalStore has no put or delete or list function');
  });

  it('wants a host key of at least 32 bytes', () => {
    expect(
      () =>
        new ApprovalDesk({
          key: randomBytes(8),
          store: new FileApprovalStore({ root: makeTempDir('approval-desk') }),
        }),
    ).toThrow('ApprovalDesk key must be a Uint8Array of at least 32 bytes');
  });
});
