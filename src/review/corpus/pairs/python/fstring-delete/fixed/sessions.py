def delete_sessions(conn, user_id):
    with conn.cursor() as cur:
        cur.execute("DELETE FROM sessions WHERE user_id = %s", (user_id,))  # safe: sql-injection parameterized
    conn.commit()
