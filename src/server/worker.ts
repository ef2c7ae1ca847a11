// `crs worker`: a process that only executes runs, claimed from the shared store (scale out with
// as many as you like beside `crs serve --no-worker`).

export async function workerCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write("usage: crs worker\n\nExecutes queued runs from the store (CRS_DATA_DIR or DATABASE_URL), CRS_WORKER_CONCURRENCY at a time.\n");
    return 0;
  }
  // Loaded after the help: the store, the engine and the queue are needed only to execute runs.
  const [{ createApp }, { configFor }, { startWorker }, { capabilities }, { passesStartChecks }] = await Promise.all([
    import("../kernel/app.ts"),
    import("../kernel/config.ts"),
    import("../capabilities/runs/worker/index.ts"),
    import("./capabilities.ts"),
    import("./serve.ts"),
  ]);
  const config = configFor("worker");
  if (!config) return 2;
  const app = await createApp(config);
  if (!(await passesStartChecks(app, "worker", capabilities))) return 2;
  const worker = startWorker(app);
  for (const service of capabilities.flatMap((c) => c.workerServices ?? [])) {
    const stop = service(app);
    if (stop) app.onClose(stop);
  }
  process.stdout.write(`crs worker: executing runs from ${config.databaseUrl ? "PostgreSQL" : config.dataDir}, ${config.worker.concurrency} at a time\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await worker.stop();
  await app.close();
  return 0;
}
