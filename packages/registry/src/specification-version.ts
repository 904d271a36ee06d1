/** This package and its version line, as refusals of another interface version name it. */
export const REGISTRY_ACCEPTS = '@toolwright/registry 0.x';
