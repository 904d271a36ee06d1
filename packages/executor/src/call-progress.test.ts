import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, ToolKind, ToolResults } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import type { ExecutorEvent } from './executed-call.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import { lookupOf } from './test-support/tools.js';
import { ToolExecutor } from './tool-executor.js';

describe('progress a tool reports', () => {
  it('reaches the host as call-progress events, in order; a report after the call ended is not passed on', async () => {
    let lateReport: ExecutionContext['onProgress'];
    const steps = createTool({
      name: 'Steps',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Works in three steps.',
      async execute(_params, context) {
        for (let step = 1; step <= 3; step++)
          context.onProgress?.({ message: `step ${step}`, progress: step, total: 3 });
        lateReport = context.onProgress;
        return ToolResults.success('done');
      },
    });
    const events: ExecutorEvent[] = [];
    const root = makeTempDir('executor-progress');
    const executor = new ToolExecutor({
      lookup: lookupOf([steps]),
      permissions: new PermissionPolicy({ workspaceRoot: root }),
      sessionId: 'progress',
      workspaceRoot: root,
      onEvent: (event) => events.push(event),
    });
    const [executed] = await executor.executeBatch([{ id: 'c1', name: 'Steps', arguments: {} }]);
    expect(executed!.status).toBe('success');
    lateReport?.({ message: 'after the end' });
    expect(events.map((event) => event.type)).toEqual([
      'batch',
      'call-start',
      'permission',
      'call-progress',
      'call-progress',
      'call-progress',
      'call-end',
    ]);
    expect(
      events.flatMap((event) => (event.type === 'call-progress' ? [[event.call.id, event.progress]] : [])),
    ).toEqual([
      ['c1', { message: 'step 1', progress: 1, total: 3 }],
      ['c1', { message: 'step 2', progress: 2, total: 3 }],
      ['c1', { message: 'step 3', progress: 3, total: 3 }],
    ]);
  });
});
