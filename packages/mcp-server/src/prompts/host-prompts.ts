import {
  type GetPromptResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { checkOptions, didYouMean, type OptionTable, refusedOption } from '@toolwright/utils';
import { definitionList } from '../definition-list.js';
import { invalidOption } from '../invalid-option.js';
import type { McpCompleter } from '../resources/resource-definitions.js';
import type { McpPromptDefinition, McpPromptRequest } from './prompt-definitions.js';

const PROMPT_FIELDS: OptionTable = {
  name: { kind: 'string', nonEmpty: true, required: true },
  title: { kind: 'string', nonEmpty: true },
  description: { kind: 'string', nonEmpty: true },
  arguments: { kind: 'array' },
  get: { kind: 'function', required: true },
};

const ARGUMENT_FIELDS: OptionTable = {
  name: { kind: 'string', nonEmpty: true, required: true },
  description: { kind: 'string', nonEmpty: true },
  required: { kind: 'boolean' },
  complete: { kind: 'function' },
};

/** The prompts the host offers, checked once when the server is made. */
export class HostPrompts {
  readonly #prompts: ReadonlyMap<string, McpPromptDefinition>;

  constructor(prompts: unknown) {
    const byName = new Map<string, McpPromptDefinition>();
    definitionList('prompts', prompts).forEach((definition, index) => {
      const owner = `ToolwrightMcpServer prompts[${index}]`;
      checkOptions(owner, definition, PROMPT_FIELDS, invalidOption);
      const prompt = definition as McpPromptDefinition;
      (prompt.arguments ?? []).forEach((argument, position) => {
        checkOptions(`${owner} arguments[${position}]`, argument, ARGUMENT_FIELDS, invalidOption);
      });
      if (byName.has(prompt.name))
        throw invalidOption(refusedOption(owner, 'name', 'unique among prompts', prompt.name));
      byName.set(prompt.name, prompt);
    });
    this.#prompts = byName;
  }

  /** True when there are no prompts. */
  get isEmpty(): boolean {
    return this.#prompts.size === 0;
  }

  /** The `prompts/list` entries. */
  list(): Prompt[] {
    return [...this.#prompts.values()].map((prompt) => ({
      name: prompt.name,
      ...(prompt.title === undefined ? {} : { title: prompt.title }),
      ...(prompt.description === undefined ? {} : { description: prompt.description }),
      ...(prompt.arguments === undefined
        ? {}
        : {
            arguments: prompt.arguments.map((argument) => ({
              name: argument.name,
              ...(argument.description === undefined ? {} : { description: argument.description }),
              ...(argument.required === undefined ? {} : { required: argument.required }),
            })),
          }),
    }));
  }

  /**
   * Answers `prompts/get`: an unknown prompt or a missing required argument is `-32602`, named,
   * so the client can correct the request.
   */
  async get(
    name: string,
    args: Readonly<Record<string, string>>,
    request: Omit<McpPromptRequest, 'arguments'>,
  ): Promise<GetPromptResult> {
    const prompt = this.#prompts.get(name);
    if (prompt === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt "${name}"${didYouMean(name, [...this.#prompts.keys()])}`,
      );
    }
    const missing = (prompt.arguments ?? [])
      .filter((argument) => argument.required === true && args[argument.name] === undefined)
      .map((argument) => argument.name);
    if (missing.length > 0) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt "${name}" needs the argument${missing.length === 1 ? '' : 's'} ${missing.map((m) => `"${m}"`).join(', ')}`,
      );
    }
    return prompt.get({ arguments: args, ...request });
  }

  /** The completer of argument `argument` of prompt `name`, if it has one. */
  completer(name: string, argument: string): McpCompleter | undefined {
    return this.#prompts.get(name)?.arguments?.find((candidate) => candidate.name === argument)?.complete;
  }
}
