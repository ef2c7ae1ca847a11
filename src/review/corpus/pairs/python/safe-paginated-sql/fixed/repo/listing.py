class Listing:
    page_size = 50

    def __init__(self, conn):
        self.conn = conn

    def page(self, number):
        offset = max(int(number) - 1, 0) * self.page_size
        sql = "SELECT id, title FROM posts ORDER BY id LIMIT %d OFFSET %d" % (self.page_size, offset)
        return self.conn.execute(sql).fetchall()  # safe: sql-injection numbers

    def count(self):
        return self.conn.execute("SELECT count(*) FROM posts").fetchone()[0]
