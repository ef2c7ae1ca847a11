import sqlite3


def row_count(db_path, table):
    conn = sqlite3.connect(db_path)
    try:
        (n,) = conn.execute("SELECT COUNT(*) FROM " + table).fetchone()
        return n
    finally:
        conn.close()


def tables(db_path):
    conn = sqlite3.connect(db_path)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    finally:
        conn.close()
