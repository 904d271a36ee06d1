import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { makeTempDir } from '@toolwright/test-support';
import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { toModelOutput } from './model-output.js';
import { ONE_PIXEL_PNG, screenshotTool } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

const longLog = createTool({
  name: 'Log',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  schema: Type.Object({ lines: Type.Integer({ minimum: 1 }) }),
  description: 'Prints a long log.',
  execute: async (params) =>
    ToolResults.success(Array.from({ length: params.lines }, (_, index) => `log line ${index}`).join('\n')),
});

function executorWithStore(tools: readonly Tool[]) {
  const workspace = makeTempDir('toolwright-ai-sdk');
  const store = new SessionArtifactStore({
    root: join(workspace, '.artifacts'),
    namespace: 'test',
    sessionId: 'ai-sdk-test',
  });
  const executor = new ToolExecutor({
    lookup: (name) => tools.find((tool) => tool.name === name),
    permissions: new PermissionPolicy({ workspaceRoot: workspace }),
    sessionId: 'results',
    workspaceRoot: workspace,
    artifactSink: store,
    spillThresholdBytes: 1024,
  });
  return { executor, store };
}

async function run(tools: ReturnType<typeof toAiSdkTools>, name: string, input: unknown) {
  const tool = tools[name];
  const validated = await asSchema(tool?.inputSchema).validate?.(input);
  if (validated?.success !== true) throw new Error('invalid');
  return (await tool?.execute?.(validated.value, { toolCallId: 'c1' })) as ToolwrightToolOutput;
}

describe('results of calls the executor ran', () => {
  it('spill large output to the artifact store: the model gets the preview naming the artifact', async () => {
    const { executor, store } = executorWithStore([longLog]);
    const output = await run(toAiSdkTools({ tools: [longLog], executor }), 'Log', { lines: 2000 });
    expect(output.status).toBe('success');
    expect(output.spilled).toBe(true);
    expect(output.artifacts).toHaveLength(1);
    const artifactId = output.artifacts[0]?.id ?? '';
    expect(output.text).toContain('log line 0');
    expect(output.text).toContain('log line 1999');
    expect(output.text).toContain(`stored as artifact ${artifactId}`);
    expect(output.text.length).toBeLessThan(4000);
    expect((await store.read(artifactId)).bytes.toString('utf8')).toContain('log line 1000');
    expect(toModelOutput(output)).toEqual({ type: 'text', value: output.text });
  });

  it('store images and still send them inline, with the reference in the text', async () => {
    const { executor } = executorWithStore([screenshotTool]);
    const output = await run(toAiSdkTools({ tools: [screenshotTool], executor }), 'Screenshot', { url: 'u' });
    expect(output.images).toEqual([{ mediaType: 'image/png', data: ONE_PIXEL_PNG }]);
    expect(output.artifacts).toEqual([expect.objectContaining({ kind: 'image', mimeType: 'image/png' })]);
    expect(output.text).toContain(`stored as artifact ${output.artifacts[0]?.id}`);
    expect(toModelOutput(output)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: output.text },
        { type: 'image-data', data: ONE_PIXEL_PNG, mediaType: 'image/png' },
      ],
    });
  });

  it('send only the reference when images are delivered by reference', async () => {
    const { executor } = executorWithStore([screenshotTool]);
    const tools = toAiSdkTools({ tools: [screenshotTool], executor, images: 'reference' });
    const output = await run(tools, 'Screenshot', { url: 'u' });
    expect(output.images).toEqual([]);
    expect(toModelOutput(output)).toEqual({ type: 'text', value: output.text });
    expect(output.text).toMatch(/\[image image\/png, 70 B, stored as artifact [0-9a-f]{64}\]/);
  });

  it('report an unknown tool the executor cannot find as an error the model reads', async () => {
    const { executor } = executorWithStore([]);
    const output = await run(toAiSdkTools({ tools: [longLog], executor }), 'Log', { lines: 1 });
    expect(output).toMatchObject({ status: 'not_found', error: { type: 'not_found' } });
    expect(toModelOutput(output)).toEqual({ type: 'error-text', value: output.text });
  });
});
