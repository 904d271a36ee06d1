// The JSON types and the provider targets are part of the versioned interfaces; this package
// re-exports the one definition in @toolwright/spec.
export { type JsonSchema, type JsonValue, PROVIDER_TARGETS, type ProviderTarget } from '@toolwright/spec';
