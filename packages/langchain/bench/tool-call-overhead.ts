import type { StructuredToolInterface } from '@langchain/core/tools';
import { formatDifference, formatNanos, pairedAsync, report } from '@toolwright/test-support/bench';
import { createAgent, FakeToolCallingModel } from 'langchain';
import { type ToolwrightStructuredTool, toLangChainTools } from '../src/index.js';
import { allowingExecutor, nativeRead, toolwrightRead } from './bench-tools.js';

const READ_CALL = { id: 'call-1', name: 'Read', args: { file_path: 'src/index.ts', limit: 40 } };
const EXPECTED = 'read src/index.ts (40 lines)';

/**
 * One tool call through a real `createAgent` run — LangChain's own loop: a scripted model asks
 * for one Read, the tool node runs it, the model answers — through the bridge (the executor runs
 * the call: lookup, validation, permission, timeout) against the same tool written with
 * LangChain's `tool()` and a Zod schema; then the tool's `invoke` with the call alone.
 */
export async function toolCallOverhead(): Promise<void> {
  const [bridged] = toLangChainTools({ tools: [toolwrightRead], executor: allowingExecutor() });
  // The bridged tool goes to createAgent as it is typed: no cast.
  const run = (tool: StructuredToolInterface | ToolwrightStructuredTool) => {
    const agent = createAgent({
      model: new FakeToolCallingModel({ toolCalls: [[READ_CALL], []] }),
      tools: [tool],
    });
    return async () => {
      const { messages } = await agent.invoke({
        messages: [{ role: 'user', content: 'Read src/index.ts.' }],
      });
      if (messages[2]?.content !== EXPECTED) throw new Error('the agent did not run the tool');
    };
  };
  const whole = await pairedAsync(run(bridged as ToolwrightStructuredTool), run(nativeRead), {
    iterations: 300,
  });
  report(
    `one tool call through the bridge: ${whole.ratio.toFixed(2)}x a native LangChain tool() with Zod (${formatNanos(whole.subject)} vs ${formatNanos(whole.baseline)} a createAgent run, ${formatDifference(whole.subject - whole.baseline)})`,
    '<= 1.3x',
    whole.ratio <= 1.3,
  );

  const call = (tool: Pick<StructuredToolInterface, 'invoke'>) => async () => {
    const message = (await tool.invoke({ ...READ_CALL, type: 'tool_call' })) as { content: unknown };
    if (message.content !== EXPECTED) throw new Error('the tool did not run');
  };
  const alone = await pairedAsync(
    call(bridged as Pick<StructuredToolInterface, 'invoke'>),
    call(nativeRead),
    {
      iterations: 3_000,
    },
  );
  console.log(
    `the call alone (invoke with a tool call: validate, execute, tool message): ${alone.ratio.toFixed(2)}x the native tool (${formatNanos(alone.subject)} vs ${formatNanos(alone.baseline)}, ${formatDifference(alone.subject - alone.baseline)})`,
  );
}
