// `crs mcp`: the server's MCP tools over stdio, for clients that launch a process. A proxy, not a
// second MCP face: tools/list and tools/call go to the server's Streamable HTTP endpoint (CRS_URL,
// else the stored login's URL, + /mcp) with CRS_TOKEN or the stored login's token, so the tools,
// their schemas and their scope filtering are exactly the server's. Logs go to stderr only.
// The MCP SDK (mcp-proxy.ts) loads only once there is a token to forward with.
import { authHint } from "./client/api.ts";
import { target } from "./client/credentials.ts";

const usage = `usage: crs mcp

Serves the crs MCP tools over stdio (for MCP clients that launch a process), forwarding to the
crs server at CRS_URL (or the URL of \`crs login\`) with CRS_TOKEN (or the stored login's token).
`;

export async function mcpCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usage);
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(`crs mcp: unexpected argument "${argv[0]}"\n\n${usage}`);
    return 2;
  }
  const { url, token } = target(env);
  if (!token) {
    process.stderr.write(`crs mcp: not logged in to ${url}: ${authHint}.\n`);
    return 4;
  }
  return (await import("./mcp-proxy.ts")).proxy(url, env);
}
