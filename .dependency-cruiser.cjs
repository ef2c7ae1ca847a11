// The layering of src/ (README "Layout"), checked by `npm run check:deps` in .ci/run.
//   faces -> kernel + manifests; capabilities -> kernel, platform, review, other capabilities' public
//   files; kernel and platform import nothing above them; the review engine imports nothing of the service.
// A capability's public files are its index.ts (domain API), schemas.ts (wire schemas, pure data,
// which other capabilities' operation definitions compose) and cli.ts (its `crs` client commands and
// views, which npm run gen:cli copies into the client's generated command list); everything else is internal.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "No import cycles anywhere under src/ (type-only imports do not count).",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "capability-imports-no-face-or-server",
      severity: "error",
      comment: "A capability plugs in through its manifest; it never imports a face or the server root.",
      from: { path: "^src/capabilities/" },
      to: { path: "^src/(faces|server)/|^src/main\\.ts$" },
    },
    {
      name: "capability-imports-only-public-files-of-another",
      severity: "error",
      comment: "Another capability is reached through its index.ts (or its wire schemas.ts), never its internals.",
      from: { path: "^src/capabilities/([^/]+)/" },
      to: { path: "^src/capabilities/", pathNot: ["^src/capabilities/$1/", "^src/capabilities/[^/]+/(index|schemas|cli)\\.ts$"] },
    },
    {
      name: "face-imports-no-other-face",
      severity: "error",
      comment: "Faces are independent plugins the server root registers; what two share lives in the kernel.",
      from: { path: "^src/faces/([^/]+)/" },
      to: { path: "^src/faces/", pathNot: "^src/faces/$1/" },
    },
    {
      name: "face-imports-only-public-files-of-capabilities",
      severity: "error",
      comment: "Faces name no capability's internals: they get operations and commands from the manifests "
        + "(npm run gen:cli copies each capability's cli.ts into the client's generated command list).",
      from: { path: "^src/faces/" },
      to: { path: "^src/capabilities/", pathNot: "^src/capabilities/[^/]+/(index|schemas|cli)\\.ts$" },
    },
    {
      name: "only-the-generated-command-list-imports-client-commands",
      severity: "error",
      comment: "A capability's cli.ts reaches the client only copied into commands.generated.ts (npm run gen:cli).",
      from: { path: "^src/faces/", pathNot: "^src/faces/cli/client/commands\\.generated\\.ts$" },
      to: { path: "^src/capabilities/[^/]+/cli\\.ts$" },
    },
    {
      name: "face-imports-only-the-capability-list-from-server",
      severity: "error",
      comment: "A face may read the one list of capabilities (the table derived from it, `crs admin`'s list of admin areas), nothing else of the root.",
      from: { path: "^src/faces/" },
      to: { path: "^src/server/|^src/main\\.ts$", pathNot: "^src/server/(capabilities|operations|admin-areas)\\.ts$" },
    },
    {
      name: "kernel-and-platform-import-nothing-above",
      severity: "error",
      comment: "The kernel and the platform sit below capabilities, faces and the server.",
      from: { path: "^src/(kernel|platform)/", pathNot: "^src/platform/store/schema\\.ts$" },
      to: { path: "^src/(capabilities|faces|server)/|^src/main\\.ts$" },
    },
    {
      name: "store-schema-composes-table-types-only",
      severity: "error",
      comment: "The database type is composed of each capability's table types (store.ts), type-only.",
      from: { path: "^src/platform/store/schema\\.ts$" },
      to: { path: "^src/(capabilities|faces|server)/", pathNot: "^src/capabilities/[^/]+/store\\.ts$" },
    },
    {
      name: "taint-layers-import-downward",
      severity: "error",
      comment: "The taint engine runs one way: driver -> evaluators -> functions -> model -> syntax (engines/taint/README.md).",
      from: { path: "^src/review/engines/taint/(evaluators|functions|model|syntax)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/review/engines/taint/(driver/|index\\.ts$)" },
    },
    {
      name: "taint-model-and-syntax-import-no-evaluator",
      severity: "error",
      comment: "Function lookups, values, state and syntax tables know nothing of how statements are evaluated.",
      from: { path: "^src/review/engines/taint/(functions|model|syntax)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/review/engines/taint/evaluators/" },
    },
    {
      name: "taint-model-imports-no-function-lookup",
      severity: "error",
      comment: "Values and state know nothing of which function a call runs.",
      from: { path: "^src/review/engines/taint/(model|syntax)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/review/engines/taint/functions/" },
    },
    {
      name: "taint-syntax-is-the-bottom",
      severity: "error",
      comment: "Per-language syntax tables and rule data import no other layer.",
      from: { path: "^src/review/engines/taint/syntax/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/review/engines/taint/(model|fast)/" },
    },
    {
      name: "review-engine-imports-nothing-of-the-service",
      severity: "error",
      comment: "src/review takes files and returns findings; its errors are its own.",
      from: { path: "^src/review/" },
      to: { path: "^src/(kernel|platform|capabilities|faces|server)/|^src/main\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)corpus/|/rules/.*/examples/" },
    // TypeScript 7 has no JavaScript API for the tsc parser yet; Babel strips the types instead (type-only
    // imports, `import type`, are gone before the check, so they never count as a dependency or a cycle).
    babelConfig: { fileName: ".babelrc.dependency-cruiser.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
