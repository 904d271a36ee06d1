import type { SessionArtifactStore } from '@toolwright/artifacts';
import type { Tool, ToolResult } from '@toolwright/contracts';
import { describe, expectTypeOf, it } from 'vitest';
import type { ExecutedCall } from './executed-call.js';
import type { ToolExecutorOptions } from './executor-options.js';
import type { ArtifactSink, ArtifactSinkV1 } from './results/artifact-sink.js';
import type { ToolExecutor } from './tool-executor.js';

describe('ToolExecutor', () => {
  it('looks tools up as the contracts interface and resolves batches to executed calls', () => {
    expectTypeOf<ToolExecutorOptions['lookup']>().toEqualTypeOf<(name: string) => Tool | undefined>();
    expectTypeOf<ToolExecutor['executeBatch']>().returns.toEqualTypeOf<Promise<ExecutedCall[]>>();
    expectTypeOf<ExecutedCall['result']>().toEqualTypeOf<ToolResult>();
  });

  it('takes a SessionArtifactStore as its artifact sink; ArtifactSink is the v1 interface', () => {
    expectTypeOf<ArtifactSink>().toEqualTypeOf<ArtifactSinkV1>();
    expectTypeOf<SessionArtifactStore>().toMatchTypeOf<ArtifactSink>();
    expectTypeOf<NonNullable<ToolExecutorOptions['artifactSink']>>().toEqualTypeOf<ArtifactSink>();
  });
});
