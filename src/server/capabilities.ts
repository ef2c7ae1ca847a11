import { documentsWiring } from "../capabilities/documents/capability.ts";
import { findingsWiring } from "../capabilities/findings/capability.ts";
import { repositoriesWiring } from "../capabilities/repositories/capability.ts";
import { runsWiring } from "../capabilities/runs/capability.ts";
import { storeWiring } from "./store-service.ts";
import { webWiring } from "../capabilities/oauth/capability.ts";
import type { Wiring } from "../kernel/capability.ts";

export const wirings: Wiring[] = [storeWiring, repositoriesWiring, documentsWiring, runsWiring, findingsWiring, webWiring];
