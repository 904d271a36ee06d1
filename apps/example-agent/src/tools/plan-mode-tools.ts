import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import type { SessionMode } from '../session/session-mode.js';

/**
 * EnterPlanMode / ExitPlanMode. Both are ReadOnly, since they must be callable in Plan mode,
 * and neither is retry-safe: each flips session state. Entering Plan mode narrows the next
 * request's declarations to ReadOnly tools; the executor refuses anything else while in it.
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
        llmContent: 'Plan mode is on: only read-only tools are available. Call ExitPlanMode with your plan.',
      };
    },
  });

  const exitPlanMode = createTool({
    name: 'ExitPlanMode',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      plan: Type.String({ minLength: 1, maxLength: 20_000, description: 'The plan, in Markdown.' }),
    }),
    description: { short: 'Present the plan and leave Plan mode, so that changes are allowed again.' },
    strict: true,
    category: 'session',
    async execute(params) {
      mode.set('default');
      return { llmContent: 'Plan mode is off; write tools are available again.', display: params.plan };
    },
  });

  return [enterPlanMode, exitPlanMode];
}
