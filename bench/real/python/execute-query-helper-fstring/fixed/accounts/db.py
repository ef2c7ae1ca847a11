import mysql.connector

_conn = None


def connection():
    global _conn
    if _conn is None:
        _conn = mysql.connector.connect(option_files="/etc/accounts/my.cnf")
    return _conn


def execute_query(sql, params=None):
    cur = connection().cursor()
    try:
        cur.execute(sql, params)
        connection().commit()
        return cur.rowcount
    finally:
        cur.close()
