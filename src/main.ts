// The `crs` executable: one program, several roles.
const usage = `usage: crs <command> [options]

client commands (talk to a crs server; log in first):
  login              sign in through the browser, or --with-token with an API key
  logout             revoke the OAuth tokens and forget them
  auth status|token  who you are signed in as
  me                 the user, workspace, token and credits
  members list       the workspace's members
  repos list|view|refs
  focuses list|view
  findings list|view|update|comment
  runs estimate|start|list|view|watch|cancel|findings
  documents upload|note|list|view|archive
  api METHOD PATH    any REST call, printed as JSON
  mcp                the MCP tools over stdio, for AI agents that launch a process (CRS_URL, CRS_TOKEN)
  completion SHELL   a completion script for bash, zsh or fish

server commands:
  serve              run the server (REST /api/v2, MCP /mcp) and a run worker (--no-worker: none)
  worker             execute queued runs only (scale out beside crs serve --no-worker)
  admin ...          operator commands: workspaces, users, members, keys, repositories, focuses
  review [PATH]      review a local checkout with no server (findings, --json, --sarif)

Exit status: 0 ok, 1 error, 2 usage, 4 authentication needed.

Run "crs <command> --help" for a command's options.
`;

const clientCommands = new Set(["login", "logout", "auth", "me", "members", "repos", "focuses", "findings", "runs", "documents", "api", "completion"]);

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      return (await import("./server/serve.ts")).serveCommand(rest);
    case "worker":
      return (await import("./server/worker.ts")).workerCommand(rest);
    case "admin":
      return (await import("./faces/cli/admin.ts")).adminCommand(rest);
    case "review":
      return (await import("./faces/cli/review.ts")).reviewCommand(rest);
    case "mcp":
      return (await import("./faces/cli/mcp-stdio.ts")).mcpCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(usage);
      return command === undefined ? 2 : 0;
    default:
      if (clientCommands.has(command)) return (await import("./faces/cli/client/index.ts")).clientCommand(argv);
      process.stderr.write(`crs: unknown command "${command}"\n\n${usage}`);
      return 2;
  }
}
