import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { mcpSessionOf } from '../session/mcp-session-context.js';

/** A 1x1 PNG. */
export const PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** What the sample tools observed, for tests running them in-process. */
export interface SampleProbes {
  /** Why each `Wait` call's signal fired, in order. */
  readonly aborts: string[];
  /** How many `Wait` calls have started. */
  started: number;
}

/** Tools covering each behaviour the server maps: kinds, flags, progress, abort, artifacts, errors. */
export function createSampleTools(probes: SampleProbes): Tool[] {
  const echo = createTool({
    name: 'Echo',
    displayName: 'Echo text',
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    isRetrySafe: true,
    schema: Type.Object({
      text: Type.String(),
      times: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, default: 1 })),
    }),
    description: { short: 'Repeats text.', important: 'Never invents text.' },
    execute: async (params) =>
      ToolResults.success(Array.from({ length: params.times ?? 1 }, () => params.text).join(' ')),
  });
  const writeNote = createTool({
    name: 'WriteNote',
    kind: ToolKind.Write,
    schema: Type.Object({ path: Type.String(), content: Type.String() }),
    description: 'Writes a note.',
    execute: async (params) =>
      ToolResults.success(`wrote ${params.content.length} characters to ${params.path}`),
  });
  const wait = createTool({
    name: 'Wait',
    kind: ToolKind.Execute,
    isRetrySafe: true,
    schema: Type.Object({
      steps: Type.Integer({ minimum: 1, maximum: 1000 }),
      stepMs: Type.Integer({ default: 20 }),
    }),
    description: 'Waits, step by step, reporting progress; stops when aborted.',
    execute: async (params, context) => {
      probes.started += 1;
      for (let step = 1; step <= params.steps; step += 1) {
        await new Promise<void>((resolve) => {
          const stop = (): void => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            context.signal.removeEventListener('abort', stop);
            resolve();
          }, params.stepMs);
          context.signal.addEventListener('abort', stop, { once: true });
        });
        if (context.signal.aborted) {
          probes.aborts.push(
            String((context.signal.reason as Error | undefined)?.message ?? context.signal.reason),
          );
          return ToolResults.aborted(`stopped at step ${step}`);
        }
        context.onProgress?.({ message: `step ${step}`, progress: step, total: params.steps });
      }
      return ToolResults.success(`waited ${params.steps} steps`);
    },
  });
  const report = createTool({
    name: 'Report',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ bytes: Type.Integer({ minimum: 1 }) }),
    description: 'Returns a text report of the given size.',
    execute: async (params) =>
      ToolResults.success(
        `${'line of the report\n'.repeat(Math.ceil(params.bytes / 19))}`.slice(0, params.bytes),
      ),
  });
  const picture = createTool({
    name: 'Picture',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ large: Type.Optional(Type.Boolean({ default: false })) }),
    description: 'Returns a picture: inline when small, stored as an artifact when large.',
    execute: async (params, context) => {
      const store = context.artifacts as
        | {
            write(request: {
              kind: string;
              bytes: Uint8Array;
              mimeType: string;
            }): Promise<{ id: string; byteLength: number }>;
          }
        | undefined;
      if (store === undefined) return ToolResults.executionError('no artifact store in the context');
      const bytes = params.large
        ? Buffer.concat([Buffer.from(PIXEL_PNG_BASE64, 'base64'), Buffer.alloc(300 * 1024, 7)])
        : Buffer.from(PIXEL_PNG_BASE64, 'base64');
      const record = await store.write({ kind: 'image', bytes, mimeType: 'image/png' });
      return ToolResults.success([
        { type: 'text', text: 'here is the picture' },
        { type: 'artifact', artifactId: record.id, mimeType: 'image/png', byteLength: record.byteLength },
      ]);
    },
  });
  const fail = createTool({
    name: 'Fail',
    kind: ToolKind.Execute,
    schema: Type.Object({}),
    description: 'Always throws.',
    execute: async () => {
      throw new Error('the tool broke on purpose');
    },
  });
  const whoAmI = createTool({
    name: 'WhoAmI',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: 'Says which client and session called it, and logs a line.',
    execute: async (_params, context) => {
      const session = mcpSessionOf(context);
      await session?.log('info', 'WhoAmI was called');
      return ToolResults.success(
        JSON.stringify({
          client: session?.clientInfo?.name,
          sessionId: context.sessionId,
          clientId: session?.authInfo?.clientId,
        }),
      );
    },
  });
  return [echo, writeNote, wait, report, picture, fail, whoAmI];
}

/** A registry holding the sample tools (and the ToolSearch built-in, which is not served). */
export function createSampleRegistry(probes: SampleProbes = { aborts: [], started: 0 }): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll(createSampleTools(probes), { atomic: true });
  return registry;
}
