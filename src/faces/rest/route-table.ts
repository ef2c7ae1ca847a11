// Which methods a path takes, for 405 answers with an Allow header.
export type RouteTable = Array<{ url: string; methods: string[] }>;

function compile(url: string): RegExp {
  const pattern = url
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg === "*" ? ".*" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}/?$`);
}

/** The finished route table, compiled once: path -> the methods it takes (HEAD and OPTIONS, which CORS answers everywhere, left out). */
export function methodsByPath(routes: RouteTable): (path: string) => string[] {
  const compiled = routes.map((r) => ({ re: compile(r.url), methods: r.methods.filter((m) => m !== "HEAD" && m !== "OPTIONS") }));
  return (path) => {
    const allow = new Set<string>();
    for (const r of compiled) if (r.re.test(path)) for (const m of r.methods) allow.add(m);
    return [...allow].sort();
  };
}
