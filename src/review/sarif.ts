// SARIF 2.1.0 export of a review result, shaped for code-scanning UIs: rule help, CWE tags,
// security-severity, partial fingerprints, repo-relative URIs, skipped files as notifications.
import type { Confidence, Finding, Location, Severity } from "./types.ts";
import type { Rule } from "./rule-loader.ts";
import type { ReviewResult } from "./index.ts";

export interface SarifOptions {
  /** Loaded rules, for descriptions of rules that produced no finding's text (optional). */
  rules?: readonly Rule[];
  toolVersion?: string;
  /** Absolute file URI of the checkout root (`file:///…/`), recorded as %SRCROOT%. */
  srcRoot?: string;
  /** Further notes on the run (e.g. a model review that did not complete), as execution notifications. */
  notifications?: Array<{ id: string; level: "note" | "warning" | "error"; text: string }>;
}

type Json = Record<string, unknown>;

// Shared with the service's export of inbox findings (src/capabilities/findings/export), which
// builds its results from stored findings with these same pieces.
export const securitySeverity: Record<Severity, string> = { critical: "9.5", high: "8.0", medium: "5.5", low: "3.0", info: "1.0" };
export const rankOf: Record<Confidence, number> = { high: 90, medium: 60, low: 30 };
export const level: Record<Severity, string> = { critical: "error", high: "error", medium: "warning", low: "note", info: "note" };

/** A repository-relative path as a SARIF artifact URI (each segment percent-encoded). */
export function uri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function physical(l: Location): Json {
  const region: Json = { startLine: l.startLine, startColumn: l.startColumn, endLine: l.endLine, endColumn: l.endColumn };
  if (l.snippet !== undefined) region.snippet = { text: l.snippet };
  return { physicalLocation: { artifactLocation: { uri: uri(l.path), uriBaseId: "%SRCROOT%" }, region } };
}

function location(l: Location, id?: number): Json {
  const out: Json = physical(l);
  if (id !== undefined) out.id = id;
  if (l.message) out.message = { text: l.message };
  return out;
}

/** What a rule descriptor says: the loaded rule's data, or what a finding carries of it. */
export interface RuleInfo {
  id: string;
  title: string;
  description: string;
  severity: Severity;
  cwe: number[];
  tags: string[];
  confidence: string;
}

export function ruleDescriptor(r: RuleInfo): Json {
  const cweTags = r.cwe.map((n) => `external/cwe/cwe-${n}`);
  const security = r.cwe.length > 0 || r.tags.includes("security") || r.tags.includes("secret");
  return {
    id: r.id,
    name: r.id.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : "")),
    shortDescription: { text: r.title },
    fullDescription: { text: r.description },
    help: { text: r.description, markdown: `**${r.title}**\n\n${r.description}` },
    defaultConfiguration: { level: level[r.severity] },
    properties: {
      tags: [...new Set([...(security ? ["security"] : []), ...r.tags.filter((t) => !t.startsWith("taint:")), ...cweTags])],
      precision: r.confidence === "high" ? "high" : r.confidence === "medium" ? "medium" : "low",
      ...(security ? { "security-severity": securitySeverity[r.severity] } : {}),
    },
  };
}

/** Model findings share a rule per CWE; what each one says is in its own message. */
function modelRule(f: Pick<Finding, "ruleId" | "cwe">): RuleInfo {
  const cwe = f.cwe.length ? `CWE-${f.cwe.join(", CWE-")}` : "no CWE";
  return {
    id: f.ruleId,
    title: `Model reviewer finding (${cwe})`,
    severity: "high",
    cwe: f.cwe,
    tags: ["security", "model"],
    confidence: "medium",
    description:
      "Reported by the configured language model and checked against the code (path, lines, quoted snippet). Each result's message says what it found.",
  };
}

/** A rule's descriptor data from what a finding carries (model findings: one shared rule per CWE). */
export function ruleInfoOf(f: Pick<Finding, "ruleId" | "title" | "description" | "severity" | "cwe" | "tags" | "confidence" | "engine">): RuleInfo {
  if (f.engine === "model") return modelRule(f);
  return { id: f.ruleId, title: f.title, description: f.description, severity: f.severity, cwe: f.cwe, tags: f.tags, confidence: f.confidence };
}

/** The message of a result: a model finding's own words follow its title. */
export function messageText(f: Pick<Finding, "engine" | "title" | "description">): string {
  return f.engine === "model" ? `${f.title}. ${f.description}` : `${f.title}.`;
}

export function partialFingerprints(fingerprint: string): Json {
  return { primaryLocationLineHash: `${fingerprint.slice(0, 16)}:1`, crsFingerprint: fingerprint };
}

/** The SARIF log around its runs. */
export function sarifLog(runs: Json[]): Json {
  return { $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs };
}

function result(f: Finding, ruleIndex: number): Json {
  const out: Json = {
    ruleId: f.ruleId,
    ruleIndex,
    level: level[f.severity],
    message: { text: messageText(f) },
    locations: [location(f.location)],
    partialFingerprints: partialFingerprints(f.fingerprint),
    // SARIF's rank (0 to 100) orders results by how likely they are real: a finding from library
    // input or without a known source (confidence low) ranks below one from request data.
    rank: rankOf[f.confidence],
    properties: { severity: f.severity, confidence: f.confidence, engine: f.engine, "security-severity": securitySeverity[f.severity] },
  };
  // A crs-ignore comment is an in-source suppression: the result stays, marked, for viewers to hide.
  if (f.suppression) out.suppressions = [{ kind: "inSource", status: "accepted", ...(f.suppression.text ? { justification: f.suppression.text } : {}) }];
  if (f.relatedLocations.length) out.relatedLocations = f.relatedLocations.map((l, i) => location(l, i + 1));
  if (f.fix) {
    const l = f.location;
    out.fixes = [
      {
        description: { text: f.fix.description },
        artifactChanges: [
          {
            artifactLocation: { uri: uri(l.path), uriBaseId: "%SRCROOT%" },
            replacements: [
              {
                deletedRegion: { startLine: l.startLine, startColumn: l.startColumn, endLine: l.endLine, endColumn: l.endColumn },
                insertedContent: { text: f.fix.replacement },
              },
            ],
          },
        ],
      },
    ];
  }
  if (f.flow?.length) {
    out.codeFlows = [{ threadFlows: [{ locations: f.flow.map((l) => ({ location: location(l) })) }] }];
  }
  return out;
}

export function toSarif(review: ReviewResult, opts: SarifOptions = {}): Json {
  const known = new Map((opts.rules ?? []).map((r) => [r.id, r]));
  const infos = new Map<string, RuleInfo>();
  for (const f of review.findings) {
    if (infos.has(f.ruleId)) continue;
    const r = known.get(f.ruleId);
    infos.set(
      f.ruleId,
      r ? { id: r.id, title: r.title, description: r.description, severity: r.severity, cwe: r.cwe, tags: r.tags, confidence: r.confidence } : ruleInfoOf(f),
    );
  }
  const ids = [...infos.keys()].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const invocation: Json = {
    executionSuccessful: true,
    toolExecutionNotifications: review.skipped
      .map(
        (s): Json => ({
          level: "note",
          message: { text: `Skipped ${s.path}: ${s.reason.replace(/_/g, " ")}${s.detail ? ` (${s.detail})` : ""}` },
          descriptor: { id: `skipped/${s.reason}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: uri(s.path), uriBaseId: "%SRCROOT%" } } }],
        }),
      )
      .concat((opts.notifications ?? []).map((n): Json => ({ level: n.level, message: { text: n.text }, descriptor: { id: n.id } }))),
    toolConfigurationNotifications: review.ruleProblems.map((p) => ({
      level: "warning",
      message: { text: `Invalid rule in ${p.file}${p.line ? `:${p.line}` : ""}: ${p.reason}` },
      descriptor: { id: "rule/invalid" },
    })),
  };
  const run: Json = {
    tool: {
      driver: {
        name: "crs",
        informationUri: "https://github.com/",
        version: opts.toolVersion ?? "0.1.0",
        rules: ids.map((id) => ruleDescriptor(infos.get(id)!)),
      },
    },
    invocations: [invocation],
    results: review.findings.map((f) => result(f, index.get(f.ruleId)!)),
    columnKind: "utf16CodeUnits",
  };
  if (opts.srcRoot) run.originalUriBaseIds = { "%SRCROOT%": { uri: opts.srcRoot.endsWith("/") ? opts.srcRoot : `${opts.srcRoot}/` } };
  return sarifLog([run]);
}
