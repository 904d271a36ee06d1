/** This package and its version line, as refusals of another interface version name it. */
export const LANGCHAIN_ACCEPTS = '@toolwright/langchain 0.x';
