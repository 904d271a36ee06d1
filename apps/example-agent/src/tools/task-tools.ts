import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { TASK_STATUSES, type TaskRecord, type TaskStore } from '../session/task-store.js';

const TaskStatusSchema = Type.Union(
  TASK_STATUSES.map((status) => Type.Literal(status)),
  { description: 'pending, in_progress or completed.' },
);

/** What TaskGet returns as structured output: the task as the model and a host may read it. */
const TaskOutputSchema = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  description: Type.String(),
  status: TaskStatusSchema,
});

function formatTask(task: TaskRecord): string {
  return `#${task.id} [${task.status}] ${task.subject}`;
}

/**
 * The session's task list: TaskCreate, TaskGet, TaskList, TaskUpdate. All four are ReadOnly —
 * allowed in Plan mode, because planning is exactly when a model writes its task list — yet
 * TaskCreate and TaskUpdate change persistent state, so they are NOT retry-safe: replaying a
 * TaskCreate after a timeout would create the task twice. Only the lookups are retry-safe.
 */
export function createTaskTools(store: TaskStore): Tool[] {
  const taskCreate = createTool({
    name: 'TaskCreate',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      subject: Type.String({ minLength: 1, maxLength: 200, description: 'A short imperative title.' }),
      description: Type.String({ maxLength: 4000, description: 'What done looks like.' }),
    }),
    description: { short: 'Add a task to the session task list (starts pending).' },
    strict: true,
    isConcurrencySafe: false,
    isRetrySafe: false,
    category: 'tasks',
    tags: ['task', 'plan'],
    affectedPaths: () => [store.filePath],
    describeInvocation: (params) => `TaskCreate "${params.subject}"`,
    async execute(params) {
      const task = await store.create(params.subject, params.description);
      return { llmContent: `Created task ${formatTask(task)}`, metadata: { taskId: task.id } };
    },
  });

  const taskGet = createTool({
    name: 'TaskGet',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ id: Type.String({ minLength: 1, description: 'Task id, e.g. "1".' }) }),
    outputSchema: TaskOutputSchema,
    description: { short: 'Show one task with its description.' },
    strict: true,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'tasks',
    tags: ['task'],
    affectedPaths: () => [store.filePath],
    async execute(params) {
      const task = store.get(params.id);
      if (task === undefined) {
        const known = store.list().map((candidate) => candidate.id);
        const message = `No task with id "${params.id}"; known ids: ${known.length === 0 ? '(none)' : known.join(', ')}`;
        return { llmContent: message, error: { type: 'not_found', message } };
      }
      const { id, subject, description, status } = task;
      return ToolResults.structured(
        { id, subject, description, status },
        `${formatTask(task)}\n${task.description}`,
      );
    },
  });

  const taskList = createTool({
    name: 'TaskList',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: { short: 'List every task of this session with its status.' },
    strict: true,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'tasks',
    tags: ['task'],
    affectedPaths: () => [store.filePath],
    async execute() {
      const tasks = store.list();
      return { llmContent: tasks.length === 0 ? 'No tasks yet.' : tasks.map(formatTask).join('\n') };
    },
  });

  const taskUpdate = createTool({
    name: 'TaskUpdate',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({
      id: Type.String({ minLength: 1 }),
      status: Type.Optional(TaskStatusSchema),
      subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      description: Type.Optional(Type.String({ maxLength: 4000 })),
    }),
    description: { short: 'Change a task: its status, subject or description.' },
    strict: true,
    isConcurrencySafe: false,
    isRetrySafe: false,
    category: 'tasks',
    tags: ['task', 'plan'],
    affectedPaths: () => [store.filePath],
    describeInvocation: (params) =>
      `TaskUpdate #${params.id}${params.status === undefined ? '' : ` -> ${params.status}`}`,
    async execute(params) {
      const task = await store.update(params.id, {
        ...(params.status === undefined ? {} : { status: params.status }),
        ...(params.subject === undefined ? {} : { subject: params.subject }),
        ...(params.description === undefined ? {} : { description: params.description }),
      });
      if (task === undefined) {
        const message = `No task with id "${params.id}"; call TaskList to see the ids.`;
        return { llmContent: message, error: { type: 'not_found', message } };
      }
      return { llmContent: `Updated task ${formatTask(task)}` };
    },
  });

  return [taskCreate, taskGet, taskList, taskUpdate];
}
