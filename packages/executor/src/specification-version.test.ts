import { SessionArtifactStore } from '@toolwright/artifacts';
import type { Tool } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ExecutorError } from './executor-error.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import type { ArtifactSink } from './results/artifact-sink.js';
import { lookupOf, RunLog, timedTool } from './test-support/tools.js';
import { ToolExecutor } from './tool-executor.js';

function workspace(): string {
  return makeTempDir('executor-version');
}

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

describe('the executor and other specification versions', () => {
  it('does not run a tool of another version: the call fails with both versions named, the tool never ran', async () => {
    const log = new RunLog();
    const root = workspace();
    const executor = new ToolExecutor({
      lookup: lookupOf([ofVersion(timedTool({ name: 'Probe', log, durationMs: 1 }), 'v2')]),
      permissions: new PermissionPolicy({ workspaceRoot: root }),
      sessionId: 'version-session',
      workspaceRoot: root,
    });
    const [executed] = await executor.executeBatch([{ id: 'c1', name: 'Probe', arguments: { label: 'a' } }]);
    expect(executed?.status).toBe('error');
    expect(executed?.result.error).toEqual({
      type: 'execution',
      message:
        "Tool \"Probe\" cannot run here: this Tool says specificationVersion 'v2'; @toolwright/executor 0.x accepts 'v1'. (code: unsupported_specification_version)",
    });
    expect(log.runs).toEqual([]);
  });

  it('refuses an artifactSink that says another version with unsupported_specification_version', () => {
    const root = workspace();
    const sink = {
      specificationVersion: 'v2',
      write: async () => ({ id: 'x', byteLength: 0 }),
      spill: async () => ({ preview: '', omittedBytes: 0 }),
    };
    let error: unknown;
    try {
      new ToolExecutor({
        lookup: () => undefined,
        permissions: new PermissionPolicy({ workspaceRoot: root }),
        sessionId: 'version-session',
        workspaceRoot: root,
        artifactSink: sink as unknown as ArtifactSink,
      });
    } catch (caught) {
      error = caught;
    }
    expect(ExecutorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "ToolExecutor: artifactSink: this ArtifactSink says specificationVersion 'v2'; @toolwright/executor 0.x accepts 'v1'.",
    });
  });

  it('takes a SessionArtifactStore (v1) as it is, and a sink that declares no version as v1: its spill stores the output', async () => {
    const root = workspace();
    const options = {
      lookup: () => undefined,
      permissions: new PermissionPolicy({ workspaceRoot: root }),
      sessionId: 'version-session',
      workspaceRoot: root,
    };
    const store = new SessionArtifactStore({
      root: workspace(),
      namespace: 'ns',
      sessionId: 'version-session',
    });
    expect(() => new ToolExecutor({ ...options, artifactSink: store })).not.toThrow();
    const spills: string[] = [];
    // A sink written before the version field existed: the v1 shape without the literal.
    const unversioned = {
      write: store.write.bind(store),
      spill: (content: string | Uint8Array, spillOptions?: { thresholdBytes?: number | undefined }) => {
        spills.push(String(content).slice(0, 5));
        return store.spill(content, spillOptions);
      },
    };
    const executor = new ToolExecutor({
      ...options,
      lookup: lookupOf([
        timedTool({
          name: 'Big',
          log: new RunLog(),
          durationMs: 1,
          run: async () => ({ llmContent: 'x'.repeat(1000) }),
        }),
      ]),
      spillThresholdBytes: 64,
      artifactSink: unversioned as unknown as ArtifactSink,
    });
    const [executed] = await executor.executeBatch([{ id: 'c1', name: 'Big', arguments: { label: 'a' } }]);
    expect(spills).toEqual(['xxxxx']);
    expect(executed?.spilled).toBe(true);
    expect((await store.list()).map((record) => record.byteLength)).toEqual([1000]);
  });

  it('refuses an artifactSink without write or spill with invalid_option, naming what is missing', () => {
    const root = workspace();
    expect(
      () =>
        new ToolExecutor({
          lookup: () => undefined,
          permissions: new PermissionPolicy({ workspaceRoot: root }),
          sessionId: 'version-session',
          workspaceRoot: root,
          artifactSink: {
            write: async () => ({ id: 'x', kind: 'k', byteLength: 0 }),
          } as unknown as ArtifactSink,
        }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message:
          'ToolExecutor: artifactSink: this ArtifactSink has no spill function; expected an object with write, spill functions.',
      }),
    );
  });
});
