/**
 * One JSON-RPC message of MCP (a request, a notification, a result or an error) as a plain JSON
 * object. The spec names no MCP SDK type: a store keeps and gives back the object as it was
 * given (its JSON), and the SDK's `JSONRPCMessage` is such an object, so a store of these
 * interfaces can be handed to the SDK as it is.
 */
export type JsonRpcMessageV1 = { readonly [key: string]: unknown };
