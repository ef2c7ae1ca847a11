from sqlalchemy import text


def tickets_for(session, status):
    result = session.execute(text(f"SELECT id, title, status FROM tickets WHERE status = '{status}' ORDER BY id"))
    return [dict(row._mapping) for row in result]
