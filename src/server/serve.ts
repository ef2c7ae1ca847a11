// `crs serve` (npm start): the HTTP server with REST, MCP and health, on the embedded store by default.
// The server's modules are imported inside the functions, so `crs serve --help` answers without them.
import type { FastifyInstance } from "fastify";
import type { App } from "../kernel/app.ts";
import type { Capability } from "../kernel/capability.ts";

export async function startServer(app: App): Promise<FastifyInstance> {
  const [{ buildServer }, { capabilities }, { operations, webOperations }, { registerWeb }, { plannerStatistics }] = await Promise.all([
    import("./http.ts"),
    import("./capabilities.ts"),
    import("./operations.ts"),
    import("../faces/web/index.ts"),
    import("./store-service.ts"),
  ]);
  const plugins = [
    ...capabilities.flatMap((c) => c.routes ?? []),
    (s: FastifyInstance, a: App) =>
      registerWeb(
        s,
        a,
        [...operations, ...webOperations],
        capabilities.flatMap((c) => c.webRoutes ?? []),
      ),
  ];
  const server = await buildServer(app, { operations, plugins });
  const workerServices = app.config.worker.inProcess ? capabilities.flatMap((c) => c.workerServices ?? []) : [];
  for (const service of [plannerStatistics, ...capabilities.flatMap((c) => c.services ?? []), ...workerServices]) {
    const stop = service(app);
    if (stop) app.onClose(stop);
  }
  return server;
}

/** Runs the manifests' start checks; prints the first failure and closes the app. */
export async function passesStartChecks(app: App, command: string, list: readonly Capability[]): Promise<boolean> {
  try {
    for (const check of list.flatMap((c) => c.startChecks ?? [])) await check(app);
    return true;
  } catch (err) {
    process.stderr.write(`crs ${command}: ${(err as Error).message}\n`);
    await app.close();
    return false;
  }
}

export async function serveCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(
      "usage: crs serve [--no-worker]\n\nStarts the server and, unless --no-worker, a run worker in the same process.\nConfiguration " +
        "comes from the environment (see README.md).\n",
    );
    return 0;
  }
  const [{ createApp }, { bootstrap }, { configFor }, { capabilities }] = await Promise.all([
    import("../kernel/app.ts"),
    import("./bootstrap.ts"),
    import("../kernel/config.ts"),
    import("./capabilities.ts"),
  ]);
  const config = configFor("serve", { forServe: true });
  if (!config) return 2;
  if (argv.includes("--no-worker")) config.worker.inProcess = false;
  const app = await createApp(config);
  if (!(await passesStartChecks(app, "serve", capabilities))) return 2;
  const fresh = await bootstrap(
    app,
    capabilities.flatMap((c) => c.bootstrapSteps ?? []),
  );
  const server = await startServer(app);
  const address = await server.listen({ port: config.port, host: config.host });
  // With PORT=0 the real port is known only now; links the server builds must use it.
  if (!process.env.CRS_BASE_URL) config.baseUrl = address.replace("://localhost", "://127.0.0.1");
  const url = config.baseUrl;
  const lines = [
    `crs is listening on ${address}`,
    `  API:  ${url}/api/v2  (OpenAPI: ${url}/api/v2/openapi.json)`,
    `  MCP:  ${url}/mcp`,
    `  App:  ${url}/app  (sign-in, API keys, authorized apps)`,
    `  data: ${config.databaseUrl ? "PostgreSQL" : config.dataDir}`,
  ];
  if (fresh) {
    lines.push(
      "",
      "First start: created the admin user, the demo workspace and an API key with every scope.",
      `  sign in:  ${fresh.email} / ${fresh.password}`,
      `  API key:  ${fresh.apiKey}   (shown only now)`,
      `  try:      curl -H "Authorization: Bearer ${fresh.apiKey}" ${url}/api/v2/me`,
      ...fresh.notes.map((n) => `  ${n}`),
    );
  }
  process.stdout.write(lines.join("\n") + "\n");
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await server.close();
  await app.close();
  return 0;
}
