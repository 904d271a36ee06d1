import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import type { SessionMode } from '../session/session-mode.js';

/**
 * Tools only the user may decide on, for the policy's `alwaysAsk`: every call asks, in every
 * mode, whatever the allow rules say, and a run nobody watches refuses it. ExitPlanMode is
 * ReadOnly (it must be callable in Plan mode), so without this the policy would let the model
 * leave Plan mode by itself and write at its next call.
 */
export const PLAN_MODE_APPROVALS: Readonly<Record<string, string>> = Object.freeze({
  ExitPlanMode:
    'only the user can end Plan mode. If nobody approves it, stay in Plan mode and give the plan as your answer.',
});

/**
 * EnterPlanMode / ExitPlanMode. Both are ReadOnly, since they must be callable in Plan mode,
 * and neither is retry-safe: each flips session state. Entering Plan mode narrows the next
 * request's declarations to ReadOnly tools; the executor refuses anything else while in it.
 * Leaving it is the user's decision: ExitPlanMode presents the plan and asks for approval
 * ({@link PLAN_MODE_APPROVALS}).
 */
export function createPlanModeTools(mode: SessionMode): Tool[] {
  const enterPlanMode = createTool({
    name: 'EnterPlanMode',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: {
      short: 'Switch to Plan mode: only read-only tools until ExitPlanMode.',
      usageNotes: 'Use before a change that needs investigation and a plan the user can review.',
    },
    strict: true,
    category: 'session',
    async execute() {
      mode.set('plan');
      return {
        llmContent:
          'Plan mode is on: only read-only tools are available until the user approves a plan. Present it with ExitPlanMode; the user decides whether Plan mode ends.',
      };
    },
  });

  const exitPlanMode = createTool({
    name: 'ExitPlanMode',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      plan: Type.String({ minLength: 1, maxLength: 20_000, description: 'The plan, in Markdown.' }),
    }),
    description: {
      short: 'Present the plan to the user, who decides whether to leave Plan mode.',
      usageNotes:
        "Every call needs the user's approval; if it is refused, stay in Plan mode and do not call it again for the same plan.",
    },
    strict: true,
    category: 'session',
    // The approval prompt shows this: the user approves the plan itself, all of it.
    describeInvocation: (params) => `ExitPlanMode: end Plan mode and carry out this plan:\n${params.plan}`,
    async execute(params) {
      mode.set('default');
      return {
        llmContent: 'The user approved the plan; Plan mode is off and write tools are available again.',
        display: params.plan,
      };
    },
  });

  return [enterPlanMode, exitPlanMode];
}
