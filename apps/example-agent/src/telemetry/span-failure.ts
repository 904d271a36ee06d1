/** The tracer and meter name of the agent's own spans and metrics. */
export const AGENT_INSTRUMENTATION_NAME = '@toolwright/example-agent';
