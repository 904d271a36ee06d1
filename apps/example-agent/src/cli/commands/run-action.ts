import { AgentLoop } from '../../agent/agent-loop.js';
import { AgentError, AgentErrorCode } from '../../errors.js';
import {
  DEFAULT_SAMPLING_MAX_PROMPT_BYTES,
  DEFAULT_SAMPLING_MAX_TOKENS,
  DEFAULT_SAMPLING_REQUESTS_PER_MINUTE,
} from '../../mcp/sampling-defaults.js';
import { createProvider, type ProviderSelection } from '../../providers/create-provider.js';
import type { ModelProvider, ProviderId } from '../../providers/model-provider.js';
import { loadScenarioFile } from '../../providers/scenario.js';
import { openCommandContext } from '../command-context.js';
import { requireNamedPath } from '../named-path.js';
import { providerEndpoint } from '../provider-endpoint.js';
import { providerFailure } from '../provider-failure.js';
import { withRunTracing } from '../run-tracing.js';
import { Transcript } from '../transcript.js';
import { type CommandRuntime, ExitCode } from './command-runtime.js';
import type { RunFlags } from './run-command.js';

/** `--scenario`, checked before anything starts: a file named on purpose must exist. */
function requireScenarioFile(flags: RunFlags): string | undefined {
  if (flags.scenario === undefined) return undefined;
  return requireNamedPath(flags.scenario, 'file', {
    name: '--scenario',
    base: { path: process.cwd(), description: 'the current directory' },
    code: AgentErrorCode.OptionInvalid,
  });
}

/** Flags win over the config file; what neither sets is left to the environment. */
function providerSelection(
  flags: RunFlags,
  config: {
    provider?: ProviderId;
    model?: string;
    baseUrl?: string;
    anthropicToolSearch?: 'regex' | 'bm25';
    openaiToolSearch?: 'hosted';
  },
  scenarioFile: string | undefined,
): ProviderSelection {
  const provider = flags.provider ?? config.provider;
  const model = flags.model ?? config.model;
  const baseUrl = flags.baseUrl ?? config.baseUrl;
  return {
    ...(provider === undefined ? {} : { provider }),
    ...(model === undefined ? {} : { model }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(config.anthropicToolSearch === undefined ? {} : { anthropicToolSearch: config.anthropicToolSearch }),
    ...(config.openaiToolSearch === undefined ? {} : { openaiToolSearch: config.openaiToolSearch }),
    ...(scenarioFile === undefined ? {} : { scenario: loadScenarioFile(scenarioFile) }),
  };
}

/** What `run "<task>"` does (defined in run-command.ts): the task, traced as its flags ask. */
export async function runCommand(runtime: CommandRuntime, task: string, flags: RunFlags): Promise<void> {
  const scenarioFile = requireScenarioFile(flags);
  const transcript = new Transcript(runtime.io.stdout, { json: flags.json === true });
  const io = { transcript, stdout: runtime.io.stdout, stderr: runtime.io.stderr };
  await withRunTracing(flags, io, (serverEnvironment) =>
    runTask(task, flags, scenarioFile, transcript, runtime, serverEnvironment),
  );
}

/** The task itself: the session, its MCP servers, the model and the loop; all closed at the end. */
async function runTask(
  task: string,
  flags: RunFlags,
  scenarioFile: string | undefined,
  transcript: Transcript,
  runtime: CommandRuntime,
  serverEnvironment: Readonly<Record<string, string>>,
): Promise<void> {
  // Servers may ask for the model (sampling) once it exists; until then they are refused.
  let model: ModelProvider | undefined;
  const context = await openCommandContext(
    flags,
    transcript,
    {
      provider: () => model,
      allowWithoutAsking: flags.allowSampling === true,
      maxTokens: flags.samplingMaxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS,
      maxPromptBytes: flags.samplingMaxPromptBytes ?? DEFAULT_SAMPLING_MAX_PROMPT_BYTES,
      maxRequestsPerMinute: flags.samplingRequestsPerMinute ?? DEFAULT_SAMPLING_REQUESTS_PER_MINUTE,
    },
    runtime.io.stderr,
    undefined,
    serverEnvironment,
  );
  try {
    const selection = providerSelection(flags, context.config, scenarioFile);
    const provider = await createProvider(selection);
    model = provider;
    transcript.info(`provider ${provider.id}, model ${provider.model}, mode ${context.session.mode.current}`);
    const loop = new AgentLoop({
      provider,
      registry: context.session.registry,
      ...(context.servers === undefined ? {} : { mcp: context.servers.adapter }),
      executor: context.session.executor,
      mode: context.session.mode,
      conversationId: context.session.sessionId,
      maxTurns: flags.maxTurns ?? context.config.maxTurns ?? 25,
      onEvent: (event) => transcript.agentEvent(event),
    });
    // Ctrl-C aborts the run: the model request and running tools see the signal, and the
    // finally below still closes the MCP servers. A second Ctrl-C exits at once.
    const controller = new AbortController();
    const interrupt = (): void =>
      controller.abort(
        new AgentError(AgentErrorCode.Interrupted, 'Interrupted (Ctrl-C); the run was stopped.'),
      );
    process.once('SIGINT', interrupt);
    let result: Awaited<ReturnType<AgentLoop['run']>>;
    try {
      result = await loop.run(task, controller.signal);
    } catch (error) {
      // The SDKs' words (`Connection error.`) name neither the provider nor the URL.
      const endpoint = providerEndpoint(provider.id, selection.baseUrl);
      if (controller.signal.aborted || endpoint === undefined) throw error;
      throw providerFailure(error, provider, endpoint);
    } finally {
      process.off('SIGINT', interrupt);
    }
    transcript.info(`done in ${result.turns} turns (${result.stopReason})`, {
      stopReason: result.stopReason,
      finalText: result.finalText,
    });
    const waiting = context.session.deferredApprovals;
    if (waiting.length > 0)
      transcript.info(
        `${waiting.length} call${waiting.length === 1 ? '' : 's'} of this run wait${waiting.length === 1 ? 's' : ''} for approval (nobody was at a terminal to ask): toolwright-agent approvals lists them; approvals approve <id> runs one, approvals deny <id> drops it. ${waiting.join(', ')}`,
        { pendingApprovals: waiting },
      );
    if (result.stopReason !== 'completed') runtime.fail(ExitCode.Failure);
  } finally {
    await context.close();
  }
}
