import { type Command, Option } from 'commander';
import { MAX_TURNS_RANGE } from '../../config/max-turns-range.js';
import {
  DEFAULT_SAMPLING_MAX_PROMPT_BYTES,
  DEFAULT_SAMPLING_MAX_TOKENS,
  DEFAULT_SAMPLING_REQUESTS_PER_MINUTE,
} from '../../mcp/sampling-defaults.js';
import { PROVIDER_IDS, type ProviderId } from '../../providers/model-provider.js';
import { parseBaseUrl } from '../base-url-option.js';
import { integerOption } from '../integer-option.js';
import { OTEL_OPTION_HELP, TRACE_OPTION_HELP, type TracingFlags } from '../run-tracing-options.js';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  parseMode,
  withCommonOptions,
} from './command-runtime.js';

// The definition of `run` (its options and help) only: what it does is in run-action.ts, loaded
// when the command runs, so that `--help` and `--version` load neither the agent nor the SDKs.

/** The flags of `run`. */
export interface RunFlags extends CommonFlags, TracingFlags {
  provider?: ProviderId;
  model?: string;
  baseUrl?: string;
  scenario?: string;
  maxTurns?: number;
  allowSampling?: boolean;
  samplingMaxTokens?: number;
  samplingMaxPromptBytes?: number;
  samplingRequestsPerMinute?: number;
}

/** `--sampling-max-tokens`: at least one token, at most what any provider answers in one message. */
const SAMPLING_MAX_TOKENS_RANGE = { min: 1, max: 128_000 };

/** `--sampling-max-prompt-bytes`: from one byte to 16 MiB. */
const SAMPLING_MAX_PROMPT_BYTES_RANGE = { min: 1, max: 16 * 1024 * 1024 };

/** `--sampling-requests-per-minute`: from one to 1,000 requests per server. */
const SAMPLING_REQUESTS_PER_MINUTE_RANGE = { min: 1, max: 1000 };

/** `run "<task>"`: one task through the agent loop, with a readable or JSON-lines transcript. */
export function registerRunCommand(program: Command, runtime: CommandRuntime): void {
  withCommonOptions(
    program
      .command('run')
      .description('run one task with the configured model (or a scenario file with the scripted model)')
      .argument('<task>', 'what the agent should do'),
  )
    .addOption(new Option('--provider <id>', 'model provider').choices(PROVIDER_IDS))
    .option('--model <name>', 'model name')
    .option(
      '--base-url <url>',
      'the provider endpoint, an http(s) URL (e.g. an OpenAI-compatible server)',
      parseBaseUrl,
    )
    .option('--scenario <file>', 'scenario file for the scripted model')
    .option('--mode <mode>', 'plan or default', parseMode)
    .option(
      '--max-turns <n>',
      `model turns before stopping, ${MAX_TURNS_RANGE.min} to ${MAX_TURNS_RANGE.max}`,
      integerOption('--max-turns', MAX_TURNS_RANGE),
    )
    .option(
      '--allow-sampling',
      'when not interactive, let MCP servers use the model without asking (sampling; capped by --sampling-max-tokens)',
    )
    .option(
      '--sampling-max-tokens <n>',
      `the most tokens one MCP sampling request may use (default ${DEFAULT_SAMPLING_MAX_TOKENS})`,
      integerOption('--sampling-max-tokens', SAMPLING_MAX_TOKENS_RANGE),
    )
    .option(
      '--sampling-max-prompt-bytes <n>',
      `the largest prompt (UTF-8 bytes) one MCP sampling request may send; larger ones are refused (default ${DEFAULT_SAMPLING_MAX_PROMPT_BYTES})`,
      integerOption('--sampling-max-prompt-bytes', SAMPLING_MAX_PROMPT_BYTES_RANGE),
    )
    .option(
      '--sampling-requests-per-minute <n>',
      `how many sampling requests each MCP server may make in a minute; more are refused (default ${DEFAULT_SAMPLING_REQUESTS_PER_MINUTE})`,
      integerOption('--sampling-requests-per-minute', SAMPLING_REQUESTS_PER_MINUTE_RANGE),
    )
    .option('--otel', OTEL_OPTION_HELP)
    .option('--trace', TRACE_OPTION_HELP)
    .action(
      commandAction(runtime, async (task: string, flags: RunFlags) => {
        const { runCommand } = await import('./run-action.js');
        await runCommand(runtime, task, flags);
      }),
    );
}
