import logging

from .db import execute_query

log = logging.getLogger(__name__)


def delete_account(user_id, reason="requested"):
    log.info("deleting account %s (%s)", user_id, reason)
    execute_query(f"DELETE FROM sessions WHERE user_id = '{user_id}'")
    removed = execute_query(f"DELETE FROM users WHERE id = '{user_id}'")
    return removed == 1


def rename_account(user_id, new_name):
    return execute_query("UPDATE users SET name = %s WHERE id = %s", (new_name, user_id)) == 1
