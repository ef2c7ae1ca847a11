import psycopg2
import psycopg2.extras


class ProductRepository:
    def __init__(self, dsn):
        self._conn = psycopg2.connect(dsn)

    def find_by_sku(self, sku):
        with self._conn.cursor(cursor_factory=psycopg2.extras.RealDictCursor) as cur:
            cur.execute("SELECT * FROM products WHERE sku = '{}'".format(sku))
            return cur.fetchone()

    def restock(self, sku, amount):
        with self._conn.cursor() as cur:
            cur.execute("UPDATE products SET stock = stock + %s WHERE sku = %s", (amount, sku))
        self._conn.commit()
