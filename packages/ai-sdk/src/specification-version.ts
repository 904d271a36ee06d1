/** This package and its version line, as refusals of another interface version name it. */
export const AI_SDK_ACCEPTS = '@toolwright/ai-sdk 0.x';
