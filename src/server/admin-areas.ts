// `crs admin`'s list of the capabilities' admin areas, in the capability list's order. It imports
// only their admin-area.ts declarations, never the manifests: the manifests load the whole app (~1,150
// modules), and an admin command needs only its own area (test/cli-admin-areas.test.ts keeps this
// list equal to the manifests' `admin`).
import { connectionsAdmin } from "../capabilities/connections/admin-area.ts";
import { findingsAdmin } from "../capabilities/findings/admin-area.ts";
import { focusesAdmin } from "../capabilities/focuses/admin-area.ts";
import { identityAdmin } from "../capabilities/identity/admin-area.ts";
import { repositoriesAdmin } from "../capabilities/repositories/admin-area.ts";
import { runsAdmin } from "../capabilities/runs/admin-area.ts";
import type { AdminArea } from "../kernel/capability.ts";

export const adminAreas: readonly AdminArea[] = [identityAdmin, focusesAdmin, repositoriesAdmin, findingsAdmin, runsAdmin, connectionsAdmin];
