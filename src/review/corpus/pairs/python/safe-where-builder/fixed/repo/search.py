FIELDS = ("name", "city", "country")


def search(conn, filters):
    clauses = []
    params = []
    for field in FIELDS:
        if field in filters:
            clauses.append("%s = ?" % field)
            params.append(filters[field])
    sql = "SELECT * FROM people"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    return conn.execute(sql, params).fetchall()  # safe: sql-injection placeholders
