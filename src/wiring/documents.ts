// What the documents capability plugs into `crs serve`: background services, first-start steps and
// extra HTTP routes. Kept here so serve.ts stays a list of areas.
import type { Wiring } from "./types.ts";

export const documentsWiring: Wiring = { services: [], bootstrapSteps: [], plugins: [] };
