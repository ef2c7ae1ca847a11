import { documentsWiring } from "./documents.ts";
import { findingsWiring } from "./findings.ts";
import { repositoriesWiring } from "./repositories.ts";
import { runsWiring } from "./runs.ts";
import { storeWiring } from "./store.ts";
import { webWiring } from "./web.ts";
import type { Wiring } from "./types.ts";

export const wirings: Wiring[] = [storeWiring, repositoriesWiring, documentsWiring, runsWiring, findingsWiring, webWiring];
