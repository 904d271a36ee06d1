import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/server';
import { UriTemplate, type Variables } from '@modelcontextprotocol/server';
import { checkOptions, type OptionRule, type OptionTable, refusedOption } from '@toolwright/utils';
import { definitionList } from '../definition-list.js';
import { invalidOption } from '../invalid-option.js';
import type {
  McpCompleter,
  McpResourceDefinition,
  McpResourceReadRequest,
  McpResourceTemplateDefinition,
} from './resource-definitions.js';

const RESOURCE_FIELDS: OptionTable = {
  uri: { kind: 'string', nonEmpty: true, required: true },
  name: { kind: 'string', nonEmpty: true, required: true },
  title: { kind: 'string', nonEmpty: true },
  description: { kind: 'string', nonEmpty: true },
  mimeType: { kind: 'string', nonEmpty: true },
  read: { kind: 'function', required: true },
};

const TEMPLATE_FIELDS: OptionTable = {
  name: RESOURCE_FIELDS.name as OptionRule,
  title: RESOURCE_FIELDS.title as OptionRule,
  description: RESOURCE_FIELDS.description as OptionRule,
  mimeType: RESOURCE_FIELDS.mimeType as OptionRule,
  read: RESOURCE_FIELDS.read as OptionRule,
  uriTemplate: { kind: 'string', nonEmpty: true, required: true },
  complete: { kind: 'object' },
};

/** A resource found for a URI: how to read it, and the variables its template matched. */
export interface FoundResource {
  readonly read: (request: McpResourceReadRequest) => ReturnType<McpResourceDefinition['read']>;
  readonly variables: Variables;
}

/**
 * The resources and resource templates the host serves beside its tools, checked once when the
 * server is made (a definition with a misspelt key or a missing `read` is refused by name).
 */
export class HostResources {
  readonly #resources: ReadonlyMap<string, McpResourceDefinition>;
  readonly #templates: readonly { definition: McpResourceTemplateDefinition; template: UriTemplate }[];

  constructor(resources: unknown, templates: unknown) {
    const byUri = new Map<string, McpResourceDefinition>();
    definitionList('resources', resources).forEach((definition, index) => {
      const owner = `ToolwrightMcpServer resources[${index}]`;
      checkOptions(owner, definition, RESOURCE_FIELDS, invalidOption);
      const resource = definition as McpResourceDefinition;
      if (byUri.has(resource.uri))
        throw invalidOption(refusedOption(owner, 'uri', 'unique among resources', resource.uri));
      byUri.set(resource.uri, resource);
    });
    this.#resources = byUri;
    this.#templates = definitionList('resourceTemplates', templates).map((definition, index) => {
      const owner = `ToolwrightMcpServer resourceTemplates[${index}]`;
      checkOptions(owner, definition, TEMPLATE_FIELDS, invalidOption);
      const template = definition as McpResourceTemplateDefinition;
      try {
        return { definition: template, template: new UriTemplate(template.uriTemplate) };
      } catch (error) {
        throw invalidOption(
          refusedOption(
            owner,
            'uriTemplate',
            `an RFC 6570 URI template (${String(error)})`,
            template.uriTemplate,
          ),
        );
      }
    });
  }

  /** True when there is anything to serve. */
  get isEmpty(): boolean {
    return this.#resources.size === 0 && this.#templates.length === 0;
  }

  /** True when there are templates (and so possibly completions). */
  get hasTemplates(): boolean {
    return this.#templates.length > 0;
  }

  /** The `resources/list` entries of the fixed resources. */
  list(): Resource[] {
    return [...this.#resources.values()].map((resource) => ({
      uri: resource.uri,
      ...describe(resource),
    }));
  }

  /** The `resources/templates/list` entries. */
  listTemplates(): ResourceTemplate[] {
    return this.#templates.map(({ definition }) => ({
      uriTemplate: definition.uriTemplate,
      ...describe(definition),
    }));
  }

  /** The resource at `uri`: a fixed one first, then the first template that matches. */
  find(uri: string): FoundResource | undefined {
    const fixed = this.#resources.get(uri);
    if (fixed !== undefined) return { read: (request) => fixed.read(request), variables: {} };
    for (const { definition, template } of this.#templates) {
      const variables = template.match(uri);
      if (variables !== null) return { read: (request) => definition.read(request), variables };
    }
    return undefined;
  }

  /** The completer of `variable` in the template written `uriTemplate`, if it has one. */
  completer(uriTemplate: string, variable: string): McpCompleter | undefined {
    const found = this.#templates.find(({ definition }) => definition.uriTemplate === uriTemplate);
    return found?.definition.complete?.[variable];
  }
}

function describe(definition: McpResourceDefinition | McpResourceTemplateDefinition) {
  return {
    name: definition.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.mimeType === undefined ? {} : { mimeType: definition.mimeType }),
  };
}
