import re
import sqlite3

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def row_count(db_path, table):
    if not _IDENT.fullmatch(table):
        raise ValueError("invalid table name: %r" % (table,))
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
