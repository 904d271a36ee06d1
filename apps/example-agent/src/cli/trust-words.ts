// The words that tell a user how to trust a folder, apart from the trust logic so that the
// command-line definitions can print them without loading the workspace settings.

/** The command that trusts a folder. */
export const TRUST_COMMAND = 'toolwright-agent trust';

/** The flag that uses a folder's own config for one run, without recording trust. */
export const TRUST_FLAG = '--trust-workspace';
