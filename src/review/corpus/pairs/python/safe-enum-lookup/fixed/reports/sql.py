ORDER = {"newest": "created DESC", "oldest": "created ASC", "total": "total DESC"}


def invoices(conn, order="newest"):
    clause = ORDER.get(order, "created DESC")
    return conn.execute("SELECT * FROM invoices ORDER BY " + clause).fetchall()  # safe: sql-injection enum lookup
