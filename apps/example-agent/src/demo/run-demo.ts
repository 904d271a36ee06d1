import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderTarget } from '@toolwright/validation';
import { AgentLoop } from '../agent/agent-loop.js';
import { describeCatalog } from '../cli/catalog-view.js';
import { AGENT_SERVICE_NAME } from '../cli/run-tracing.js';
import type { LineSink } from '../cli/transcript.js';
import { Transcript } from '../cli/transcript.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { type ConnectedMcpServers, connectMcpServers, demoServerConfigs } from '../mcp/mcp-servers.js';
import { loadScenarioFile } from '../providers/scenario.js';
import { ScriptedProvider } from '../providers/scripted-provider.js';
import { type AgentSession, createAgentSession, type PermissionRules } from '../session/agent-session.js';
import { type AgentTracing, startAgentTracing } from '../telemetry/agent-tracing.js';
import type { WaterfallStyle } from '../telemetry/waterfall.js';
import { waterfallStyle } from '../telemetry/waterfall-style.js';
import { demoScenarioPath } from './app-paths.js';
import { writeDemoWorkspace } from './demo-workspace.js';
import { resumeInAnotherProcess } from './resumed-approval.js';

/** Options of {@link runDemo}. */
export interface DemoOptions {
  sink: LineSink;
  json?: boolean;
  /** Keep the temporary workspace for inspection (its path is printed). */
  keep?: boolean;
  /** How the closing waterfall is drawn; default from `sink` (a terminal or not) and NO_COLOR. */
  style?: WaterfallStyle;
}

/** What the demo did, for the caller (and the demo test). */
export interface DemoReport {
  readonly turns: number;
  readonly finalText: string;
  readonly workspace: string;
  readonly artifacts: number;
  readonly elapsedMs: number;
  /** The content of src/app.ts after the run: the edits the agent made. */
  readonly editedSource: string;
}

/**
 * filesystem is marked trusted, so its readOnlyHint counts; everything is not, so its tool runs
 * only because a rule names it (otherwise it would ask, and a demo cannot answer). McpStartTask
 * runs a server's tool as a task: an execute tool, so it needs a rule too. Writing the changelog
 * asks, whatever else is allowed.
 */
const DEMO_PERMISSIONS: PermissionRules = {
  allow: ['mcp__everything__get-tiny-image', 'McpStartTask'],
  ask: ['Write(CHANGELOG.md)'],
};

const CATALOG_TARGETS: readonly ProviderTarget[] = ['anthropic', 'openai-chat', 'openai-responses', 'gemini'];

/**
 * The README's first command: a temporary workspace, two real MCP servers over stdio, and the
 * scripted model walking through what the tool layer does. No key, no network. Every step is
 * printed; the scripted model checks each real outcome before playing its next turn.
 */
export async function runDemo(options: DemoOptions): Promise<DemoReport> {
  const started = performance.now();
  const transcript = new Transcript(options.sink, { json: options.json === true });
  // Everything the demo writes lives under one temporary directory, never in the repository.
  const temporaryRoot = mkdtempSync(join(tmpdir(), 'toolwright-demo-'));
  let servers: ConnectedMcpServers | undefined;
  let tracing: AgentTracing | undefined;
  try {
    const workspace = join(temporaryRoot, 'workspace');
    writeDemoWorkspace(workspace);
    const serverConfigs = demoServerConfigs(workspace);
    // The demo ends with the waterfall of its one turn (section 6): its spans are collected in
    // this process, and the MCP servers are told where to post theirs.
    tracing = await startAgentTracing({
      otel: false,
      waterfall: true,
      serviceName: AGENT_SERVICE_NAME,
      report: (message) => transcript.info(message),
    });
    const stateDirectory = join(temporaryRoot, 'state');
    const session: AgentSession = createAgentSession({
      workspaceRoot: workspace,
      stateDirectory,
      trustedMcpServers: serverConfigs.filter((server) => server.trust).map((server) => server.name),
      // Writing the changelog asks (a rule says so); section 5 answers it from another process.
      permissions: DEMO_PERMISSIONS,
      // The scripted user: approves the plan (only the user ends Plan mode), is away when the
      // changelog is written (the call is saved, signed, for later) and declines anything else
      // that asks, such as reading .env.
      approve: async (request) => {
        const { invocation } = request;
        if (invocation.toolName === 'Write') {
          transcript.info('  (the user is away: the call is saved as a pending approval)');
          return session.approvals().deferring((name) => session.registry.get(name))(request);
        }
        const approved = invocation.toolName === 'ExitPlanMode';
        transcript.info(`  (the user ${approved ? 'approves the plan' : `declines ${invocation.toolName}`})`);
        return approved;
      },
      spillThresholdBytes: 16 * 1024,
      toolTimeoutMs: 20_000,
      onExecutorEvent: (event) => transcript.executorEvent(event),
    });
    session.mode.onChange((mode) => transcript.info(`  (session mode is now ${mode})`, { mode }));
    transcript.section('toolwright demo: no API key, no network');
    transcript.info(`workspace: ${workspace} (temporary)`, { workspace });

    transcript.section('1. Connecting MCP servers over stdio');
    servers = await connectMcpServers(session, serverConfigs, (message) => transcript.info(`  ${message}`), {
      serverEnvironment: tracing.serverEnvironment,
    });
    for (const status of servers.statuses()) {
      transcript.info(`  ${status.server}: ${status.phase}, ${status.tools} tools`, {
        server: status.server,
        tools: status.tools,
      });
    }
    if (servers.failed.length > 0) {
      throw new AgentError(
        AgentErrorCode.McpServerUnavailable,
        `The demo needs each of its MCP servers; these failed to start: ${servers.failed.map((item) => `${item.server}: ${item.reason}`).join('; ')}. Check that the app's dependencies are installed (npm run demo installs them).`,
      );
    }

    transcript.section('2. The catalog the model sees, per provider');
    transcript.info(
      'Built-in schemas are sent; MCP tools are deferred: listed by name only until ToolSearch loads them.',
    );
    for (const target of CATALOG_TARGETS) {
      transcript.catalog(describeCatalog(session.registry, target, 'default'), {
        listTools: target === 'anthropic',
      });
    }
    transcript.catalog(describeCatalog(session.registry, 'anthropic', 'plan'), { listTools: false });
    transcript.info(
      'One definition, four dialects: how the optional "offset" of Read reaches each provider.',
    );
    const read = session.registry.get('Read');
    for (const target of CATALOG_TARGETS) {
      const parameters = read?.getFunctionDeclaration(target).parameters as
        | { required?: unknown; properties?: Record<string, unknown> }
        | undefined;
      transcript.info(
        `  ${target.padEnd(17)} offset ${JSON.stringify(parameters?.properties?.offset)}  required ${JSON.stringify(parameters?.required)}`,
      );
    }

    transcript.section('3. The scripted model at work');
    const scenario = loadScenarioFile(demoScenarioPath());
    const provider = new ScriptedProvider({ scenario, target: 'anthropic', variables: { workspace } });
    let stepNumber = 0;
    const loop = new AgentLoop({
      provider,
      registry: session.registry,
      mcp: servers.adapter,
      executor: session.executor,
      mode: session.mode,
      conversationId: session.sessionId,
      maxTurns: scenario.turns.length + 1,
      onEvent: (event) => {
        if (event.type === 'request') {
          const turn = scenario.turns[event.turn - 1];
          if (turn?.step !== undefined) {
            stepNumber += 1;
            transcript.step(stepNumber, turn.step);
          }
        }
        transcript.agentEvent(event);
      },
    });
    const result = await loop.run(
      'Fix the TODO in src/app.ts, and show me what the tool layer does on the way.',
    );

    transcript.section('4. A resumed approval: answered later, in another process');
    await resumeInAnotherProcess(
      session,
      { temporaryRoot, workspace, stateDirectory },
      DEMO_PERMISSIONS,
      transcript,
    );

    transcript.section('5. Summary');
    const artifacts = await session.artifacts.list();
    transcript.info(
      options.keep === true
        ? 'artifacts stored in the private session store (kept):'
        : 'artifacts stored in the private session store (removed with the workspace; --keep to inspect them):',
    );
    for (const artifact of artifacts) {
      transcript.info(
        `  artifact ${artifact.kind} ${artifact.mimeType ?? ''} ${artifact.byteLength} bytes -> ${fileOf(artifact)}`,
        {
          artifact: artifact.id,
        },
      );
    }
    const editedSource = readFileSync(join(workspace, 'src/app.ts'), 'utf8');
    transcript.info(
      `  tasks persisted in ${session.tasks.filePath}: ${session.tasks
        .list()
        .map((task) => `#${task.id} ${task.status}`)
        .join(', ')}`,
    );
    const elapsedMs = performance.now() - started;
    transcript.info(
      `  ${result.turns} model turns in ${(elapsedMs / 1000).toFixed(1)} s; final answer: ${result.finalText}`,
      {
        turns: result.turns,
        elapsedMs: Math.round(elapsedMs),
      },
    );

    transcript.section('6. The turn as a trace');
    transcript.info(
      "Every model request and tool call of section 3 as a span, on one time scale: calls that overlap, reads started while the model was still streaming, waits, retries and the MCP servers' own spans.",
    );
    // The servers' last spans arrive as they shut down: close them first.
    await servers.close();
    servers = undefined;
    await tracing.settle();
    transcript.trace(tracing.lastTurn() ?? [], options.style ?? waterfallStyle(options.sink, process.env));
    return {
      turns: result.turns,
      finalText: result.finalText,
      workspace,
      artifacts: artifacts.length,
      elapsedMs,
      editedSource,
    };
  } finally {
    await servers?.close();
    await tracing?.shutdown();
    if (options.keep === true) transcript.info(`kept ${temporaryRoot}`);
    else rmSync(temporaryRoot, { recursive: true, force: true });
  }
}

/** Where the demo's local store keeps an artifact (its records name their file; a shared store's name none). */
function fileOf(artifact: object): string {
  return 'path' in artifact && typeof artifact.path === 'string' ? artifact.path : '(not a file)';
}
