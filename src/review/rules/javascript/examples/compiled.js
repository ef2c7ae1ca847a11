"use strict";
// Output compiled from TypeScript: `query = query as ListQuery` lost its assertion on the way.
Object.defineProperty(exports, "__esModule", { value: true });
exports.list = list;
function list(client, query = {}, options) {
    if (typeof query === "function") {
        options = query;
        query = {};
    }
    query = query; // ok: js.self-assignment
    return client.get("/items", { query, ...options });
}
//# sourceMappingURL=compiled.js.map
