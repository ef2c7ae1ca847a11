import logging

from django.db import connection

log = logging.getLogger(__name__)

TABLES = ("app_event", "app_session")
RETENTION_DAYS = 30


def _vacuum(cursor, table):
    cursor.execute("VACUUM ANALYZE %s" % table)  # safe: sql-injection constant tables


def purge_old_rows():
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute("DELETE FROM %s WHERE created < now() - interval '%d days'" % (table, RETENTION_DAYS))  # safe: sql-injection constant loop
            _vacuum(cursor, table)
    log.info("purged")
