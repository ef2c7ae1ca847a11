// The `crs` executable: one program, several roles.
const usage = `usage: crs <command> [options]

commands:
  serve              run the server (REST /api/v2, MCP /mcp) and a run worker (--no-worker: none)
  worker             execute queued runs only (scale out beside crs serve --no-worker)
  admin ...          operator commands: workspaces, users, members, keys, repositories, focuses
  review [PATH]      review a local checkout with no server (findings, --json, --sarif)

Run "crs <command> --help" for a command's options.
`;

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      return (await import("./cli/serve.ts")).serveCommand(rest);
    case "worker":
      return (await import("./cli/worker.ts")).workerCommand(rest);
    case "admin":
      return (await import("./cli/admin/index.ts")).adminCommand(rest);
    case "review":
      return (await import("./cli/review.ts")).reviewCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(usage);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`crs: unknown command "${command}"\n\n${usage}`);
      return 2;
  }
}
