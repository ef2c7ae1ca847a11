# AWS Lambda handlers behind API Gateway: the event carries the request under its body, query string, path
# parameters and headers keys; a queue message's or a GUI's event of the same name carries none of them.
import json
import logging
import subprocess

import pymysql


def search(event, context):
    body = json.loads(event["body"])
    conn = pymysql.connect()
    with conn.cursor() as cur:
        cur.execute("SELECT * FROM items WHERE name = '%s'" % body["name"])  # vuln: sql-injection
        return {"statusCode": 200, "body": json.dumps(cur.fetchall())}


def thumbnail(event, context):
    params = event.get("queryStringParameters") or {}
    subprocess.run("convert in.png -resize %s out.png" % params.get("size", "64"), shell=True)  # vuln: command-injection
    return {"statusCode": 204}


def search_bound(event, context):
    body = json.loads(event["body"])
    conn = pymysql.connect()
    with conn.cursor() as cur:
        cur.execute("SELECT * FROM items WHERE name = %s", (body["name"],))  # safe: sql-injection parameterized
        return {"statusCode": 200}


def consume(event, context):
    for record in event["Records"]:
        subprocess.run("echo %s" % record["messageId"], shell=True)  # safe: command-injection not a request member


def on_key(event):
    subprocess.run("notify-send %s" % event.get("type"), shell=True)  # safe: command-injection not a request member


logger = logging.getLogger(__name__)


def audit(event, context):
    logger.info("event %s", event)  # safe: log-injection a dict, written as its repr
    logger.info("headers %s", {"agent": event["headers"].get("user-agent")})  # safe: log-injection a dict, written as its repr
    logger.info("searched %s", event["queryStringParameters"]["q"])  # vuln: log-injection
