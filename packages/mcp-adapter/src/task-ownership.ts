import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

/**
 * Which session started which MCP task. Task ids are chosen by servers and may be guessable;
 * a session may only see, read or cancel the tasks it started itself, so every lookup fails
 * closed for an id this session did not start.
 */
export class TaskOwnership {
  readonly #owners = new Map<string, string>();

  static #key(server: string, taskId: string): string {
    return `${server}\u0000${taskId}`;
  }

  /** Records that `sessionId` started `taskId` on `server`. */
  record(server: string, taskId: string, sessionId: string): void {
    this.#owners.set(TaskOwnership.#key(server, taskId), sessionId);
  }

  /** The session that started the task, if this adapter saw it started. */
  ownerOf(server: string, taskId: string): string | undefined {
    return this.#owners.get(TaskOwnership.#key(server, taskId));
  }

  /** True when `sessionId` started the task. */
  isOwnedBy(server: string, taskId: string, sessionId: string): boolean {
    return this.ownerOf(server, taskId) === sessionId;
  }

  /**
   * Throws `task_not_owned` unless `sessionId` started the task. The message is the same
   * for a task of another session and for an unknown id, so it reveals nothing about others.
   */
  assertOwned(server: string, taskId: string, sessionId: string): void {
    if (!this.isOwnedBy(server, taskId, sessionId)) {
      throw new McpAdapterError(
        McpAdapterErrorCode.TaskNotOwned,
        `no task ${JSON.stringify(taskId)} started by this session on MCP server "${server}"; only tasks this session started can be read or cancelled (see McpListTasks)`,
        { server },
      );
    }
  }

  /** Forgets the tasks of a server (its connection ended for good). */
  forgetServer(server: string): void {
    const prefix = `${server}\u0000`;
    for (const key of this.#owners.keys()) if (key.startsWith(prefix)) this.#owners.delete(key);
  }
}
