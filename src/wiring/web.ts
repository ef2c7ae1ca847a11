// What sign-in and OAuth plug into `crs serve`: the authorization server's endpoints and the app's pages.
import { registerAuthorizationServer } from "../http/oauth/endpoints.ts";
import { registerWeb } from "../web/index.ts";
import type { Wiring } from "./types.ts";

export const webWiring: Wiring = {
  services: [],
  bootstrapSteps: [],
  plugins: [registerAuthorizationServer, registerWeb],
};
