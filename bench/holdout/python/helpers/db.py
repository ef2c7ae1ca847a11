import sqlite3
from contextlib import closing

DATABASE = "/srv/app/app.db"


def get_connection():
    conn = sqlite3.connect(DATABASE)
    conn.row_factory = sqlite3.Row
    return conn


def run_query(sql, params=()):
    """Run one statement and return all rows; params are bound to its placeholders."""
    with closing(get_connection()) as conn:
        cur = conn.cursor()
        cur.execute(sql, params)
        return [dict(r) for r in cur.fetchall()]
