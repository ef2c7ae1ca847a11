// The ordered migrations, written once for both engines. Names sort in application order.
import type { Engine } from "../index.ts";
import type { MigrationDef } from "./helpers.ts";
import { identity } from "./001-identity.ts";
import { repositories } from "./002-repositories.ts";
import { documents } from "./003-documents.ts";
import { runs } from "./004-runs.ts";
import { findings } from "./005-findings.ts";
import { triage } from "./008-triage.ts";
import { oauth } from "./010-oauth.ts";
import { inboxChanges } from "./011-inbox-changes.ts";
import { repositoryImports } from "./012-repository-imports.ts";
import { firstPartyClient } from "./013-first-party-client.ts";
import { findingConfidence } from "./014-finding-confidence.ts";
import { modelStage } from "./015-model-stage.ts";
import { connections } from "./016-connections.ts";
import { findingPageIndexes } from "./017-finding-page-indexes.ts";
import { runProgress } from "./018-run-progress.ts";
import { postBack } from "./019-post-back.ts";
import { deliveryRetries } from "./020-delivery-retries.ts";
import { pendingStatus } from "./021-pending-status.ts";
import { runningStatus } from "./022-running-status.ts";

export function migrations(engine: Engine): Record<string, MigrationDef> {
  return {
    "001-identity": identity(engine),
    "002-repositories": repositories(engine),
    "003-documents": documents(engine),
    "004-runs": runs(engine),
    "005-findings": findings(engine),
    "008-triage": triage(engine),
    "010-oauth": oauth(engine),
    "011-inbox-changes": inboxChanges(),
    "012-repository-imports": repositoryImports(),
    "013-first-party-client": firstPartyClient(),
    "014-finding-confidence": findingConfidence(),
    "015-model-stage": modelStage(),
    "016-connections": connections(engine),
    "017-finding-page-indexes": findingPageIndexes(),
    "018-run-progress": runProgress(),
    "019-post-back": postBack(),
    "020-delivery-retries": deliveryRetries(),
    "021-pending-status": pendingStatus(),
    "022-running-status": runningStatus(),
  };
}
