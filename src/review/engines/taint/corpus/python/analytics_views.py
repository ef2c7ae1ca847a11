# An analytics dashboard: queries through pandas, PySpark and DuckDB, documents from MongoDB, entries from a
# directory and pages fetched for a preview. The query is the sink; what comes back is the store's data.
import duckdb
import ldap
import pandas as pd
import requests
from flask import Flask, jsonify, request
from pymongo import MongoClient
from pyspark.sql import SparkSession

app = Flask(__name__)
spark = SparkSession.builder.getOrCreate()
engine_url = "postgresql://reports@localhost/sales"
orders = MongoClient().shop.orders


@app.route("/sales")
def sales():
    region = request.args.get("region", "")
    df = pd.read_sql(f"SELECT * FROM sales WHERE region = '{region}'", engine_url)  # vuln: sql-injection
    return df.to_html()  # safe: xss rows of the query, not the request


@app.route("/sales/bound")
def sales_bound():
    df = pd.read_sql_query("SELECT * FROM sales WHERE region = %(region)s", engine_url, params={"region": request.args["region"]})  # safe: sql-injection parameterized
    return df.to_html()  # safe: xss rows of the query


@app.route("/spark/top")
def spark_top():
    limit = request.args.get("limit", "10")
    rows = spark.sql("SELECT product, sum(qty) AS n FROM sales GROUP BY product ORDER BY n DESC LIMIT " + limit).collect()  # vuln: sql-injection
    return jsonify([r.asDict() for r in rows])


@app.route("/spark/fixed")
def spark_fixed():
    limit = int(request.args.get("limit", "10"))
    rows = spark.sql(f"SELECT product FROM sales LIMIT {limit}").collect()  # safe: sql-injection parsed number
    return jsonify([r.asDict() for r in rows])


@app.route("/duck")
def duck():
    table = request.args["table"]
    return jsonify(duckdb.sql(f"SELECT count(*) FROM {table}").fetchone()[0])  # vuln: sql-injection


@app.route("/orders")
def order_list():
    docs = orders.find({"customer": str(request.args["customer"])})  # safe: nosql-injection sanitized
    return "<ul>" + "".join(f"<li>{d['sku']}</li>" for d in docs) + "</ul>"  # safe: xss documents found, not the filter


@app.route("/people")
def people():
    conn = ldap.initialize("ldap://directory.example.com")
    uid = ldap.filter.escape_filter_chars(request.args["uid"])
    entries = conn.search_s("ou=people,dc=example,dc=com", ldap.SCOPE_SUBTREE, f"(uid={uid})")  # safe: ldap-injection escaped
    return "<pre>" + repr(entries) + "</pre>"  # safe: xss directory entries


@app.route("/preview")
def preview():
    page = requests.get("https://preview.example.com/render", params={"url": request.args["url"]}, timeout=5)  # safe: ssrf fixed host
    return page.text  # safe: xss the remote service's response


@app.route("/echo")
def echo():
    return "<p>" + request.args.get("msg", "") + "</p>"  # vuln: xss
