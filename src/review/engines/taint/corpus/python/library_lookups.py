# Search helpers of a parsing library: `search` and `find` are also the names of regular expression,
# string and ElementTree methods, which run no directory or database query. All are library input
# (confidence low).
import re


def first_match(pattern, text):
    return re.search(pattern, text)  # safe: ldap-injection a regular expression search


def line_end(data, sep):
    return data.find(sep)  # safe: nosql-injection a bytes search


def child(tree, tag):
    return tree.find(tag)  # safe: nosql-injection an ElementTree lookup


class Node:
    @classmethod
    def raw(cls, rawsource, text):
        return cls()


def raw_role(rawtext, text):
    return Node.raw(rawtext, text)  # safe: sql-injection a document tree's raw node
