TABLE = "accounts"
COLUMNS = ("id", "email", "created")


class AccountRepo:
    def __init__(self, conn):
        self.conn = conn

    def by_id(self, account_id):
        cur = self.conn.cursor()
        cur.execute("SELECT %s FROM %s WHERE id = %%s" % (", ".join(COLUMNS), TABLE), (account_id,))  # safe: sql-injection constants
        return cur.fetchone()

    def by_ids(self, ids):
        marks = ", ".join(["%s"] * len(ids))
        cur = self.conn.cursor()
        cur.execute("SELECT * FROM accounts WHERE id IN (%s)" % marks, tuple(ids))  # safe: sql-injection placeholders
        return cur.fetchall()
