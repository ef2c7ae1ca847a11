import sqlite3


class UserStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def get(self, user_id):
        cur = self.conn.cursor()
        cur.execute("SELECT * FROM users WHERE id = ?", (user_id,))  # safe: sql-injection parameterized
        return cur.fetchone()
