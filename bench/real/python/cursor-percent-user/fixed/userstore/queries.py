"""Small data-access helpers shared by the admin scripts."""


def get_user(cursor, user_id):
    cursor.execute("SELECT id, name, email FROM users WHERE id = %s", (user_id,))
    row = cursor.fetchone()
    if row is None:
        return None
    return {"id": row[0], "name": row[1], "email": row[2]}


def list_users(cursor, limit=100):
    cursor.execute("SELECT id, name FROM users ORDER BY id LIMIT %s", (int(limit),))
    return [{"id": r[0], "name": r[1]} for r in cursor.fetchall()]
