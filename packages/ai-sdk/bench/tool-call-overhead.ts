import { formatDifference, formatNanos, pairedAsync, report } from '@toolwright/test-support/bench';
import { asSchema, generateText, type Tool } from 'ai';
import { toAiSdkTools } from '../src/index.js';
import { nativeRead, readCallingModel, toolwrightRead } from './bench-tools.js';

/**
 * One tool call through the bridge against the same tool written as a native AI SDK `tool()`
 * with a Zod schema, both through one real `generateText` step (declare, parse, validate,
 * execute, map the result) against an in-process model. The bridge runs without an executor:
 * the executor's own cost is measured in its package's bench.
 */
export async function toolCallOverhead(): Promise<void> {
  const bridged = toAiSdkTools({ tools: [toolwrightRead] });
  const native = { Read: nativeRead };
  const model = readCallingModel();
  const step = (tools: Record<string, Tool>) => async () => {
    const result = await generateText({ model, tools, prompt: 'Read src/index.ts.' });
    // The mock keeps every request; forget them so memory stays flat over thousands of steps.
    model.doGenerateCalls.length = 0;
    if (result.toolResults.length !== 1) throw new Error('the step did not run the tool');
  };
  const whole = await pairedAsync(step(bridged), step(native), { iterations: 400 });
  report(
    `one tool call through the bridge: ${whole.ratio.toFixed(2)}x a native AI SDK tool() with Zod (${formatNanos(whole.subject)} vs ${formatNanos(whole.baseline)} a generateText step, ${formatDifference(whole.subject - whole.baseline)})`,
    '<= 1.3x',
    whole.ratio <= 1.3,
  );

  // The call alone, without the step around it: the schema's validation of the parsed input (the
  // SDK's path for a tool call), execute, and the model output. Each schema is prepared once, so
  // Zod's JSON Schema conversion, which the SDK repeats at every step, is left out here.
  const call = (tool: Tool) => {
    const schema = asSchema(tool.inputSchema);
    return async () => {
      const validated = await schema.validate?.(JSON.parse('{"file_path":"src/index.ts","limit":40}'));
      if (validated?.success !== true) throw new Error('invalid');
      const output = await tool.execute?.(validated.value, { toolCallId: 'call-1', messages: [] });
      return tool.toModelOutput === undefined
        ? { type: 'text', value: output }
        : tool.toModelOutput({ toolCallId: 'call-1', input: validated.value, output });
    };
  };
  const alone = await pairedAsync(call(bridged.Read as Tool), call(nativeRead as Tool), {
    iterations: 5_000,
  });
  console.log(
    `the call alone (validate, execute, model output): ${alone.ratio.toFixed(2)}x the native tool (${formatNanos(alone.subject)} vs ${formatNanos(alone.baseline)}, ${formatDifference(alone.subject - alone.baseline)})`,
  );
}
