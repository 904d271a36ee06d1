import { Agent, run, setTracingDisabled } from '@openai/agents';
import { type PermissionChecker, PermissionPolicy } from '@toolwright/executor';
import { formatDifference, formatNanos, pairedAsync, report } from '@toolwright/test-support/bench';
import { toOpenAiAgentsTools } from '../src/index.js';
import { nativeRead, nativeReadJudgedBy, readCallingModel, toolwrightRead } from './bench-tools.js';

/**
 * One tool call through the bridge against the same tool written as a native Agents JS `tool()`
 * with a Zod schema, both through one real `run()` (a model turn that calls Read, the call, and
 * the turn that reads its output) against an in-process model. The bridge runs the call through
 * the executor's ToolCallRunner with a PermissionPolicy that allows it: the policy judges the
 * call once, for `needsApproval`, and that judgement is the executor's check when the call runs
 * — what a host pays.
 */
export async function toolCallOverhead(): Promise<void> {
  setTracingDisabled(true);
  const model = readCallingModel();
  const agentWith = (permissions: PermissionChecker) =>
    new Agent({
      name: 'bench',
      model,
      tools: toOpenAiAgentsTools({
        tools: [toolwrightRead],
        runner: { permissions, sessionId: 'bench', workspaceRoot: process.cwd() },
      }),
    });
  const nativeAgent = new Agent({ name: 'bench', model, tools: [nativeRead] });
  const turn = (agent: Agent) => async () => {
    const result = await run(agent, 'Read src/index.ts.');
    if (result.finalOutput !== 'done') throw new Error('the run did not call the tool');
  };
  const permissions = new PermissionPolicy({ workspaceRoot: process.cwd(), allow: ['Read'] });
  const whole = await pairedAsync(turn(agentWith(permissions)), turn(nativeAgent), { iterations: 300 });
  // The floor: the native tool asking the same policy by hand. The bridge cannot judge a call's
  // real path for less than the policy costs; a native tool without a policy judges nothing.
  const judgedNative = new Agent({ name: 'bench', model, tools: [nativeReadJudgedBy(permissions)] });
  const floor = await pairedAsync(turn(judgedNative), turn(nativeAgent), { iterations: 300 });
  report(
    `one tool call through the bridge: ${whole.ratio.toFixed(2)}x a native Agents JS tool() with Zod (${formatNanos(whole.subject)} vs ${formatNanos(whole.baseline)} a run, ${formatDifference(whole.subject - whole.baseline)}; floor: the native tool asking the same permission policy by hand is ${floor.ratio.toFixed(2)}x)`,
    '<= 1.3x',
    whole.ratio <= 1.3,
  );

  // The same with a checker that allows everything at once: what the bridge and the executor's
  // steps cost without the policy's judging of the real path (symlinks, protected files, git).
  const allowAll: PermissionChecker = { decide: () => ({ behavior: 'allow', reason: 'bench' }) };
  const bare = await pairedAsync(turn(agentWith(allowAll)), turn(nativeAgent), { iterations: 300 });
  console.log(
    `without judging paths (a checker that allows all): ${bare.ratio.toFixed(2)}x the native tool (${formatNanos(bare.subject)} vs ${formatNanos(bare.baseline)}, ${formatDifference(bare.subject - bare.baseline)})`,
  );
}
