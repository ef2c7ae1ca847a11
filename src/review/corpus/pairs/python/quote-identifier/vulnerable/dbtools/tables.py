def row_count(conn, table):
    return conn.execute("SELECT count(*) FROM %s" % table).fetchone()[0]  # vuln: sql-injection
