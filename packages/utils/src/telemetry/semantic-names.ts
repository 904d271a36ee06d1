import { ATTR_ERROR_TYPE, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT } from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_DESCRIPTION,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_JSONRPC_REQUEST_ID,
  ATTR_MCP_METHOD_NAME,
  ATTR_MCP_PROTOCOL_VERSION,
  ATTR_MCP_RESOURCE_URI,
  ATTR_MCP_SESSION_ID,
  ATTR_NETWORK_TRANSPORT,
  ATTR_RPC_RESPONSE_STATUS_CODE,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  METRIC_MCP_CLIENT_OPERATION_DURATION,
  METRIC_MCP_SERVER_OPERATION_DURATION,
} from '@opentelemetry/semantic-conventions/incubating';

// The names come from `@opentelemetry/semantic-conventions` itself. The build inlines the few
// used here (the package is bundled, not a runtime dependency), so no one loads its megabyte of
// incubating names. The GenAI and MCP names are incubating: the package marks them experimental,
// and 1.45 notes that they moved to the GenAI conventions' own repository.

/** Attribute names of the OpenTelemetry semantic conventions that toolwright's spans carry. */
export const SemanticAttribute = {
  /** Stable: the class of a failure (`timeout`, `permission_denied`, a JSON-RPC code). */
  errorType: ATTR_ERROR_TYPE,
  serverAddress: ATTR_SERVER_ADDRESS,
  serverPort: ATTR_SERVER_PORT,
  networkTransport: ATTR_NETWORK_TRANSPORT,
  genAiOperationName: ATTR_GEN_AI_OPERATION_NAME,
  genAiToolName: ATTR_GEN_AI_TOOL_NAME,
  genAiToolCallId: ATTR_GEN_AI_TOOL_CALL_ID,
  genAiToolType: ATTR_GEN_AI_TOOL_TYPE,
  genAiToolDescription: ATTR_GEN_AI_TOOL_DESCRIPTION,
  /** Only when the host turns content recording on: capped and filtered. */
  genAiToolCallArguments: ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  /** Only when the host turns content recording on: capped and filtered. */
  genAiToolCallResult: ATTR_GEN_AI_TOOL_CALL_RESULT,
  mcpMethodName: ATTR_MCP_METHOD_NAME,
  mcpProtocolVersion: ATTR_MCP_PROTOCOL_VERSION,
  mcpResourceUri: ATTR_MCP_RESOURCE_URI,
  mcpSessionId: ATTR_MCP_SESSION_ID,
  jsonRpcRequestId: ATTR_JSONRPC_REQUEST_ID,
  rpcResponseStatusCode: ATTR_RPC_RESPONSE_STATUS_CODE,
} as const;

/** `gen_ai.operation.name` of a tool's execution. */
export const EXECUTE_TOOL_OPERATION = GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL;

/** Metric names of the semantic conventions (MCP) and toolwright's own, where no convention exists. */
export const TelemetryMetric = {
  /** Conventional (incubating), seconds: a request from sending to its answer. */
  mcpClientOperationDuration: METRIC_MCP_CLIENT_OPERATION_DURATION,
  /** Conventional (incubating), seconds: a request from receipt to its answer. */
  mcpServerOperationDuration: METRIC_MCP_SERVER_OPERATION_DURATION,
  /** toolwright's, seconds, by tool and outcome: the GenAI conventions define no tool metric. */
  toolCallDuration: 'toolwright.tool.call.duration',
  /** toolwright's, `{error}`, by tool and `error.type`. */
  toolCallErrors: 'toolwright.tool.call.errors',
  /** toolwright's, `{decision}`, by tool and outcome (`allow`, `deny`, `ask`, …). */
  permissionDecisions: 'toolwright.permission.decisions',
  /** toolwright's, bytes, of results spilled to an artifact store. */
  artifactBytesWritten: 'toolwright.artifact.bytes_written',
} as const;

/** toolwright's own span attributes, where the conventions have no name (namespaced `toolwright.`). */
export const ToolwrightAttribute = {
  /** The tool's kind (`read`, `edit`, `execute`, …). */
  toolKind: 'toolwright.tool.kind',
  /** How the call ended: `success`, `error`, `denied`, `invalid`, `timeout`, … */
  callOutcome: 'toolwright.call.outcome',
  /** Whether the call started while the model was still streaming. */
  callPreStarted: 'toolwright.call.pre_started',
  callAttempts: 'toolwright.call.attempts',
  /** The permission rule that decided, and the decision. */
  permissionRule: 'toolwright.permission.rule',
  permissionOutcome: 'toolwright.permission.outcome',
  /** Coercions validation made (a string to a number, a default filled in). */
  validationCoercions: 'toolwright.validation.coercions',
  /** Only when the host turns content recording on: the query is the model's argument. */
  toolSearchQuery: 'toolwright.tool_search.query',
  /** How the query was read: `select`, `keyword` or `regex`. */
  toolSearchKind: 'toolwright.tool_search.kind',
  toolSearchHits: 'toolwright.tool_search.hits',
  /** A declaration build: the provider dialect, the mode, what was declared and left out. */
  declarationsTarget: 'toolwright.declarations.target',
  declarationsMode: 'toolwright.declarations.mode',
  declarationsCount: 'toolwright.declarations.count',
  declarationsOmitted: 'toolwright.declarations.omitted',
  declarationsDeferred: 'toolwright.declarations.deferred',
  /** The MCP server's configured name (its `server.address` when it is remote). */
  mcpServerName: 'toolwright.mcp.server.name',
  /** Where validation refused arguments: each issue as `keyword at /json/pointer`, never the value. */
  validationIssues: 'toolwright.validation.issues',
  /** How an `ask` was settled: `approved`, `declined`, `pending` (saved for later) or `unattended`. */
  approvalOutcome: 'toolwright.approval.outcome',
  /** The attempt that failed transiently (1 for the first), on a retry event. */
  retryAttempt: 'toolwright.retry.attempt',
  /** Seconds waited before the next attempt, on a retry event. */
  retryDelay: 'toolwright.retry.delay',
  /** A stored artifact's id (a hash of its bytes: not content) and its size in bytes. */
  artifactId: 'toolwright.artifact.id',
  artifactBytes: 'toolwright.artifact.bytes',
  /** Why content recording was on but a call's arguments and result were left out (`sensitive_path`, …). */
  contentWithheld: 'toolwright.content.withheld',
} as const;
