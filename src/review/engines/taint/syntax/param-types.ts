// Declared parameter types that carry no string (rules `exceptTypes`: numbers, booleans), also as the
// element type of a list or an optional value: a `...ids: number[]` or `*ids: int` is numbers as well.
/**
 * The type of what a declared type holds: `number[]`, `...ids: number[]`, `ReadonlyArray<number>`, `limit?: number | undefined`,
 * `list[int]`, `Optional[int]`, `tuple[int, ...]` and `*ids: int` hold numbers as `number` and `int` do.
 */
function elementType(type: string): string {
  let t = type;
  for (let prev = ""; prev !== t; ) {
    prev = t;
    t = t
      .replace(/^readonly(?=\w)/, "")
      .replace(/\[\]$/, "")
      .replace(
        /^(?:Array|ReadonlyArray|Set|ReadonlySet|Iterable|list|List|tuple|Tuple|set|Set|frozenset|FrozenSet|Sequence|Optional)(?:<(.*)>|\[(.*)\])$/,
        "$1$2",
      )
      .replace(/,\.\.\.$/, "")
      .replace(/\|(?:undefined|null|None)$/, "")
      .replace(/^(?:undefined|null|None)\|/, "");
  }
  return t;
}

/** True when a parameter's declared type (or its elements' type) is one of `exceptTypes`: numbers, booleans. */
export function carriesNoString(exceptTypes: readonly RegExp[], type: string): boolean {
  if (!type) return false;
  const t = elementType(type);
  return exceptTypes.some((r) => r.test(type) || r.test(t));
}
