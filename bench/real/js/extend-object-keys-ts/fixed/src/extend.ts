type Dict = Record<string, unknown>;

const isObj = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

export function extendDeep<T extends Dict>(base: T, overrides: Dict): T {
  const out: Dict = base;
  Object.keys(overrides).forEach((k) => {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') return;
    const incoming = overrides[k];
    const current = out[k];
    out[k] = isObj(current) && isObj(incoming) ? extendDeep(current, incoming) : incoming;
  });
  return out as T;
}

export function loadConfig(defaults: Dict, json: string): Dict {
  return extendDeep(defaults, JSON.parse(json) as Dict);
}
