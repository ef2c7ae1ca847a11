import asyncpg


class CatalogStore:
    def __init__(self, pool: asyncpg.Pool):
        self.pool = pool

    async def products_in(self, category: str, limit: int = 50):
        async with self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT id, name, price FROM products WHERE category = $1 LIMIT $2", category, int(limit))
        return [dict(r) for r in rows]
