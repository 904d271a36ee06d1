/** This package and its version line, as refusals of another interface version name it. */
export const OPENAI_AGENTS_ACCEPTS = '@toolwright/openai-agents 0.x';
