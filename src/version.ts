// The version of inboxd, as the CLI and the MCP server report it.
export const VERSION = '0.1.0';
