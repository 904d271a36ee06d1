import { describe, expect, it } from 'vitest';
import { sessionFixtures, toolCall } from '../test-support/executor-fixture.js';

const fixture = sessionFixtures();

describe('Plan mode is left only by the user', () => {
  it('in a run nobody watches, ExitPlanMode is refused, Plan mode stays, and the message invites no retry and no rule', async () => {
    const { session } = fixture({ mode: 'plan', permissions: { allow: ['ExitPlanMode', 'Write(**)'] } });
    const [exit] = await session.executor.executeBatch([toolCall('ExitPlanMode', { plan: '1. edit a.txt' })]);
    expect(exit?.status).toBe('denied');
    expect(session.mode.current).toBe('plan');
    expect(exit?.content).toContain('only the user can end Plan mode');
    expect(exit?.content).toContain('calling it again is refused the same way');
    expect(exit?.content).not.toContain('permissions.allow');
    // And the write after it is still refused, its message pointing at no way out either.
    const [write] = await session.executor.executeBatch([
      toolCall('Write', { file_path: 'a.txt', content: 'x' }),
    ]);
    expect(write?.status).toBe('denied');
    expect(write?.content).not.toContain('ExitPlanMode');
    expect(write?.content).toContain('Only the user can end Plan mode');
  });

  it('the user approves it: Plan mode ends; the user declines: it stays', async () => {
    const asked: string[] = [];
    let answer = false;
    const { session } = fixture({
      mode: 'plan',
      approve: async ({ invocation, reason }) => {
        asked.push(`${invocation.toolName}: ${reason}`);
        return answer;
      },
    });
    const [declined] = await session.executor.executeBatch([toolCall('ExitPlanMode', { plan: 'p' })]);
    expect(declined?.status).toBe('denied');
    expect(session.mode.current).toBe('plan');
    answer = true;
    const [approved] = await session.executor.executeBatch([toolCall('ExitPlanMode', { plan: 'p' })]);
    expect(approved?.status).toBe('success');
    expect(session.mode.current).toBe('default');
    expect(asked).toHaveLength(2);
    // The prompt shows the whole plan, however long, not a cut preview of the call's JSON.
    const plan = `1. ${'step '.repeat(400)}\n2. the last step`;
    const invocation = session.registry.get('ExitPlanMode')!.build({ plan });
    expect(invocation.getDescription()).toContain('2. the last step');
    expect(asked[0]).toContain("ExitPlanMode needs the user's approval every time");
  });

  it('it asks outside Plan mode too, whatever the allow rules say', async () => {
    const { session } = fixture({ mode: 'default', permissions: { allow: ['ExitPlanMode'] } });
    const decision = await session.permissions.decide({
      invocation: session.registry.get('ExitPlanMode')!.build({ plan: 'p' }),
      tool: session.registry.get('ExitPlanMode')!,
      mode: 'default',
    });
    expect(decision.behavior).toBe('ask');
    expect(decision.remedy).toBeDefined();
  });

  it('a deny rule still refuses it outright', async () => {
    const { session } = fixture({ mode: 'plan', permissions: { deny: ['ExitPlanMode'] } });
    const [exit] = await session.executor.executeBatch([toolCall('ExitPlanMode', { plan: 'p' })]);
    expect(exit?.status).toBe('denied');
    expect(exit?.content).toContain('Denied by the rule "ExitPlanMode"');
  });
});
