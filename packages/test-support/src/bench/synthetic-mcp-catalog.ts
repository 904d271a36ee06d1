// A reproducible MCP catalog shaped like real agents see: thousands of tools from many servers
// with JSON Schemas of the usual shapes (strings with formats, enums, arrays, nested objects) and
// descriptions of a few sentences, as the servers list them. Plain JSON, so every package's bench
// can measure its own part of the same catalog (the registry's tools, the adapter's connections).

const VERBS = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'search',
  'sync',
  'export',
  'import',
  'archive',
  'approve',
  'assign',
];
const NOUNS = [
  'issue',
  'pull_request',
  'comment',
  'branch',
  'release',
  'invoice',
  'customer',
  'ticket',
  'event',
  'calendar',
  'message',
  'channel',
  'file',
  'folder',
  'record',
  'table',
  'query',
  'dashboard',
  'alert',
  'incident',
  'deployment',
  'pipeline',
  'secret',
  'user',
  'team',
  'project',
  'task',
  'note',
  'document',
  'page',
  'contact',
  'order',
  'payment',
  'subscription',
  'report',
  'metric',
  'log',
  'trace',
  'bucket',
  'object',
  'cluster',
  'node',
  'pod',
  'volume',
];
const SERVERS = [
  'github',
  'gitlab',
  'jira',
  'linear',
  'slack',
  'discord',
  'notion',
  'confluence',
  'salesforce',
  'hubspot',
  'stripe',
  'shopify',
  'zendesk',
  'intercom',
  'datadog',
  'sentry',
  'pagerduty',
  'grafana',
  'postgres',
  'mysql',
  'bigquery',
  'snowflake',
  'aws',
  'gcp',
  'azure',
  'kubernetes',
  'docker',
  'vercel',
  'netlify',
  'cloudflare',
  'gdrive',
  'dropbox',
  'box',
  'figma',
  'asana',
  'trello',
  'monday',
  'airtable',
  'calendar',
  'gmail',
  'outlook',
  'teams',
  'zoom',
  'twilio',
  'sendgrid',
  'mailchimp',
  'okta',
  'auth0',
  'vault',
  'terraform',
];
const FILLER = [
  'Returns the result as JSON with pagination metadata.',
  'Requires the caller to have write access to the workspace.',
  'Results are sorted by most recent activity first.',
  'Use the filter parameter to narrow down large result sets.',
  'Fails with a descriptive error when the identifier does not exist.',
  'Timestamps are ISO 8601 strings in UTC.',
];

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same catalog. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(values: readonly T[], next: () => number): T {
  return values[Math.floor(next() * values.length)] as T;
}

function realisticInputSchema(noun: string, next: () => number): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    [`${noun}_id`]: { type: 'string', description: `Identifier of the ${noun.replaceAll('_', ' ')}.` },
    workspace: { type: 'string', description: 'Workspace or organisation slug.' },
  };
  const extra = 2 + Math.floor(next() * 6);
  for (let index = 0; index < extra; index += 1) {
    const kind = Math.floor(next() * 5);
    if (kind === 0) properties[`limit_${index}`] = { type: 'integer', minimum: 1, maximum: 100, default: 20 };
    else if (kind === 1) properties[`state_${index}`] = { type: 'string', enum: ['open', 'closed', 'all'] };
    else if (kind === 2)
      properties[`labels_${index}`] = { type: 'array', items: { type: 'string' }, maxItems: 20 };
    else if (kind === 3) properties[`since_${index}`] = { type: 'string', format: 'date-time' };
    else {
      properties[`filter_${index}`] = {
        type: 'object',
        properties: { field: { type: 'string' }, value: { type: 'string' }, negate: { type: 'boolean' } },
        required: ['field', 'value'],
      };
    }
  }
  return { type: 'object', properties, required: [`${noun}_id`] };
}

/** A tool as an MCP server lists it in a `tools/list` result (the JSON the client receives). */
export interface McpToolDefinitionJson {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations?: { readOnlyHint: boolean };
}

/** One MCP-like tool definition and its server; `revision` changes its description (a new definition). */
export function syntheticMcpDefinition(
  position: number,
  revision = 1,
): { server: string; definition: McpToolDefinitionJson } {
  const next = random(position * 7919 + 13);
  const server = SERVERS[position % SERVERS.length] as string;
  const verb = pick(VERBS, next);
  const noun = pick(NOUNS, next);
  const description = `${verb[0]?.toUpperCase()}${verb.slice(1)} a ${noun.replaceAll('_', ' ')} in ${server}. ${pick(FILLER, next)} ${pick(FILLER, next)}${revision > 1 ? ` Revision ${revision}.` : ''}`;
  const readOnly = next() < 0.4;
  return {
    server,
    definition: {
      name: `${verb}_${noun}_${position}`,
      description,
      inputSchema: realisticInputSchema(noun, next),
      annotations: { readOnlyHint: readOnly },
    },
  };
}

/**
 * The catalog of `count` MCP-like tools as the client receives it: one `tools/list` result per
 * server, serialised (the bytes that came over the wire).
 */
export function syntheticToolsListResults(count: number): Map<string, string> {
  const byServer = new Map<string, McpToolDefinitionJson[]>();
  for (let position = 0; position < count; position += 1) {
    const { server, definition } = syntheticMcpDefinition(position);
    let listed = byServer.get(server);
    if (listed === undefined) {
      listed = [];
      byServer.set(server, listed);
    }
    listed.push(definition);
  }
  return new Map([...byServer].map(([server, tools]) => [server, JSON.stringify({ tools })]));
}

/** Keyword queries a model plausibly sends. */
export function syntheticQueries(count: number): string[] {
  const next = random(424242);
  return Array.from({ length: count }, () => {
    const words = [pick(VERBS, next), pick(NOUNS, next).replaceAll('_', ' ')];
    if (next() < 0.5) words.push(pick(SERVERS, next));
    return words.join(' ');
  });
}
