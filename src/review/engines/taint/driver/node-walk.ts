// The walk's dispatch: what one node does to the state and the value it produces, by its role in the
// language's table; apart from the Analyzer, which holds the state, and from the cases that are ideas of their own.
import type { TNode } from "../syntax/node.ts";
import type { Role } from "../syntax/syntax-types.ts";
import type { Value } from "../model/state.ts";
import type { Analyzer } from "./analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { worse } from "../model/state.ts";
import { throwingCheckStatement } from "../evaluators/custom-checks.ts";
import { applyGuards } from "../evaluators/apply-guards.ts";
import { evIdent, evMember, evTernary } from "../evaluators/reads.ts";
import { evalCall } from "../evaluators/calls.ts";
import { urlObject } from "../evaluators/url-paths.ts";
import { evalArgv } from "../evaluators/argument-vectors.ts";
import { evalAlias, evalAssign } from "../evaluators/assignments.ts";
import { evalCases, evalIf, evalLoop } from "../evaluators/control-flow.ts";
import { evalComprehension } from "../evaluators/comprehensions.ts";
import { evalTry } from "../evaluators/try-catch.ts";
import { stepConst } from "../evaluators/constant-values.ts";
import { evBinary, evDecl, evIndex, evLiteral, evObject, evPair } from "./expressions.ts";
import { evBlock, evExit, maxDepth } from "./statements.ts";

/** Roles of expressions: in a clean statement of Python or Go they bind nothing and are clean. */
const exprRoles = new Set<Role>(["call", "new", "member", "index", "binary", "ternary", "clean", "ident", "kwarg", "pair", "literal", "skip", "array"]);

export function evNode(a: Analyzer, node: TNode): Value {
  const kind = node.kind() as string;
  // `abort(403)` ends its path like `return` (even in a statement otherwise skipped as clean).
  // Tested on the statement's first characters in the file text: its whole text can be the file.
  if (kind === "expression_statement" && a.rules.terminalStatement) {
    const at = node.range().start.index;
    if (a.rules.terminalStatement.test(a.source.slice(at, at + 120))) {
      for (const c of node.namedChildren()) a.ev(c);
      a.state.dead = true;
      return null;
    }
  }
  // `validateKeyName(name);` throws or raises unless `name` passed: it vouches for its arguments after it.
  const check = kind === "expression_statement" && !a.skipExpr ? throwingCheckStatement(node, a.source, a.syn) : null;
  if (check) {
    for (const c of node.namedChildren()) a.ev(c);
    if (!a.state.dead) applyGuards(a, check, true);
    return null;
  }
  const role = a.syn.roles[kind];
  if (a.skipExpr && role !== undefined && exprRoles.has(role)) {
    if (kind === "update_expression") stepConst(a, node);
    return null;
  }
  switch (role) {
    case "skip":
      return null;
    case "ident":
      return evIdent(a, node);
    case "member":
      return evMember(a, node);
    case "index":
      return evIndex(a, node);
    case "call":
      return evalCall(a, node, false);
    case "new":
      return urlObject(node, evalCall(a, node, true));
    case "assign":
    case "augassign":
      return evalAssign(a, node, kind);
    case "decl":
      return evDecl(a, node, kind);
    case "alias":
      return evalAlias(a, node);
    case "binary":
      return evBinary(a, node);
    case "clean":
      if (kind === "update_expression") stepConst(a, node);
      for (const c of named(node)) a.ev(c);
      return null;
    case "literal":
      return evLiteral(a, node, kind, a.depth + 1 < maxDepth);
    case "ternary":
      return evTernary(a, node);
    case "array":
      return evalArgv(
        a,
        named(node).filter((c) => !c.kind().includes("comment")),
      );
    case "func":
      if (a.pending.delete(node.id())) a.analyzeFunction(node, a.state);
      return null;
    case "block":
      evBlock(a, node);
      return null;
    case "if":
      evalIf(a, node);
      return null;
    case "cases":
      evalCases(a, node);
      return null;
    case "try":
      evalTry(a, node);
      return null;
    case "return":
    case "terminal":
      evExit(a, node, kind);
      return null;
    case "loop":
      evalLoop(a, node, null);
      return null;
    case "forin":
      evalLoop(a, node, node);
      return null;
    case "comprehension":
      return evalComprehension(a, node);
    case "opaque":
      a.incomplete = true;
      for (const c of node.namedChildren()) a.ev(c);
      return null;
    case "kwarg": {
      const v = node.field("value");
      return v ? a.ev(v) : null;
    }
    case "pair":
      return evPair(a, node);
    case "object":
      return evObject(a, node);
    default: {
      let v: Value = null;
      for (const c of node.namedChildren()) v = worse(v, a.ev(c));
      return v;
    }
  }
}
