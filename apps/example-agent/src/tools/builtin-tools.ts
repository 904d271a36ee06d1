import type { Tool } from '@toolwright/contracts';
import type { SessionMode } from '../session/session-mode.js';
import type { TaskStore } from '../session/task-store.js';
import { createEditTool } from './edit-tool.js';
import { createGlobTool } from './glob-tool.js';
import { createGrepTool } from './grep-tool.js';
import { createPlanModeTools } from './plan-mode-tools.js';
import { createReadTool } from './read-tool.js';
import { createTaskTools } from './task-tools.js';
import { createWriteTool } from './write-tool.js';

/** What the built-in tools are bound to: one workspace and one session's state. */
export interface BuiltinToolContext {
  workspaceRoot: string;
  mode: SessionMode;
  tasks: TaskStore;
}

/**
 * The agent's built-in tools (ToolSearch comes from the registry itself). They are created per
 * session because they close over its workspace root, task list and mode.
 */
export function createBuiltinTools(context: BuiltinToolContext): Tool[] {
  return [
    createReadTool(context.workspaceRoot),
    createGlobTool(context.workspaceRoot),
    createGrepTool(context.workspaceRoot),
    createWriteTool(context.workspaceRoot),
    createEditTool(context.workspaceRoot),
    ...createTaskTools(context.tasks),
    ...createPlanModeTools(context.mode),
  ];
}
