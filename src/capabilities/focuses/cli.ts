// focuses' `crs` commands (gathered by npm run gen:cli): list, and one focus with its instructions.
import { section, text, type CommandSpec } from "../../kernel/ui/cli.ts";
import { record, type Out } from "../../kernel/ui/output.ts";

function focus(o: Out, b: any): void {
  record(o, b, ["slug", "title", "revision", "webUrl"]);
  section(o, "Instructions");
  text(o, b.instructions);
}

export const commands: CommandSpec[] = [
  { name: ["focuses", "list"], op: "list_focuses", columns: ["slug", "title", "revision"] },
  { name: ["focuses", "view"], op: "get_focus", args: [{ name: "SLUG", field: "focus" }], view: focus, web: (b) => b.webUrl },
];
