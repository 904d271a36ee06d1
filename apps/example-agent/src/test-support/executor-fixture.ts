import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Tool } from '@toolwright/contracts';
import { afterEach } from 'vitest';
import type { ModelToolCall } from '../providers/model-provider.js';
import { type AgentSession, type AgentSessionOptions, createAgentSession } from '../session/agent-session.js';
import { makeTemporaryDirectory } from './temporary-workspace.js';

/** A real session over a temporary workspace, for executor and tool tests. */
export interface SessionFixture {
  readonly root: string;
  readonly workspace: string;
  readonly session: AgentSession;
  write(path: string, content: string): string;
  remove(): void;
}

/** Creates a session whose workspace and state live in a fresh temporary directory. */
export function createSessionFixture(
  options: Omit<AgentSessionOptions, 'workspaceRoot' | 'stateDirectory'> & {
    extraTools?: readonly Tool[];
  } = {},
): SessionFixture {
  const directory = makeTemporaryDirectory('executor');
  const workspace = join(directory.path, 'workspace');
  mkdirSync(workspace);
  const session = createAgentSession({
    ...options,
    workspaceRoot: workspace,
    stateDirectory: join(directory.path, 'state'),
  });
  return {
    root: directory.path,
    workspace,
    session,
    write(path, content) {
      const absolute = join(workspace, path);
      mkdirSync(dirname(absolute), { recursive: true });
      writeFileSync(absolute, content);
      return absolute;
    },
    remove: directory.remove,
  };
}

/**
 * The session fixtures of one test file: `fixture(options)` makes one, and each is removed after
 * the test that made it. Call once, at the top of the file.
 */
export function sessionFixtures(): (options?: Parameters<typeof createSessionFixture>[0]) => SessionFixture {
  const made: SessionFixture[] = [];
  afterEach(() => {
    for (const fixture of made.splice(0)) fixture.remove();
  });
  return (options = {}) => {
    const created = createSessionFixture(options);
    made.push(created);
    return created;
  };
}

let callCounter = 0;

/** A tool call as a model would send it. */
export function toolCall(name: string, args: unknown): ModelToolCall {
  callCounter += 1;
  return { id: `call-${callCounter}`, name, arguments: args };
}
