def delete_sessions(conn, user_id):
    with conn.cursor() as cur:
        cur.execute(f"DELETE FROM sessions WHERE user_id = '{user_id}'")  # vuln: sql-injection
    conn.commit()
