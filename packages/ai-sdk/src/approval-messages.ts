/**
 * The ids of the tool calls the user approved, read from AI SDK 7 model messages: an assistant
 * message's `tool-approval-request` part names the call and its approval id, and a tool message's
 * `tool-approval-response` part answers that approval id. Parts of other shapes are skipped.
 */
export function approvedCallIds(messages: readonly unknown[]): Set<string> {
  const callOfApproval = new Map<string, string>();
  const approved: string[] = [];
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const part of content as unknown[]) {
      if (typeof part !== 'object' || part === null) continue;
      const { type, approvalId, toolCallId, approved: answer } = part as Record<string, unknown>;
      if (typeof approvalId !== 'string') continue;
      if (type === 'tool-approval-request' && typeof toolCallId === 'string')
        callOfApproval.set(approvalId, toolCallId);
      else if (type === 'tool-approval-response' && answer === true) approved.push(approvalId);
    }
  }
  const ids = new Set<string>();
  for (const approvalId of approved) {
    const callId = callOfApproval.get(approvalId);
    if (callId !== undefined) ids.add(callId);
  }
  return ids;
}
