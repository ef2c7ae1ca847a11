def quote_identifier(name):
    return '"' + name.replace('"', '""') + '"'


def row_count(conn, table):
    return conn.execute("SELECT count(*) FROM %s" % quote_identifier(table)).fetchone()[0]  # safe: sql-injection project escape
