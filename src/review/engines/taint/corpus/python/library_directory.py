# A directory and order lookup helper: the same method names on an LDAP connection or a MongoDB
# collection, handed the caller's text, run the query it builds. All are library input (confidence low).
import re

import ldap3
from pymongo import MongoClient

UID = re.compile(r"[a-z0-9_-]+")


def valid_uid(pattern, uid):
    return re.search(pattern, uid) is not None  # safe: ldap-injection a regular expression search beside LDAP code


def find_user(conn: ldap3.Connection, uid):
    return conn.search("ou=people,dc=example,dc=org", "(uid=" + uid + ")")  # vuln: ldap-injection


def find_checked_user(conn: ldap3.Connection, uid):
    if not UID.fullmatch(uid):
        raise ValueError("bad uid")
    return conn.search("ou=people,dc=example,dc=org", "(uid=" + uid + ")")  # safe: ldap-injection allow-list then raise


def find_order(client: MongoClient, where):
    return client.shop.orders.find({"$where": where})  # vuln: nosql-injection


class LoggingCursor:
    """A driver's cursor that logs each statement before running it: the caller wrote the query."""

    def __init__(self, inner):
        self.inner = inner

    def execute(self, query, params=None):
        return self.inner.execute(query, params)  # safe: sql-injection the caller's query passed on whole

    def execute_suffixed(self, query, suffix):
        return self.inner.execute(query + suffix)  # vuln: sql-injection


def find_by(client: MongoClient, **criteria):
    return list(client.shop.orders.find(criteria))  # safe: nosql-injection the caller's filter passed on whole
