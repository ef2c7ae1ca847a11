from datetime import date

COLUMNS = ("region", "product", "units", "revenue")


def sales_report(conn, start: date, end: date, order_by="revenue", descending=True):
    direction = "DESC" if descending else "ASC"
    cur = conn.cursor()
    cur.execute(
        f"SELECT region, product, SUM(units) AS units, SUM(revenue) AS revenue FROM sales "
        f"WHERE day BETWEEN %s AND %s GROUP BY region, product ORDER BY {order_by} {direction}",
        (start, end),
    )
    return cur.fetchall()
