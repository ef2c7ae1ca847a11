from fastapi import FastAPI
from sqlalchemy import text

from .db import engine

app = FastAPI()


@app.get("/reports/{year}")
def report(year: str, region: str = "all"):
    with engine.connect() as conn:
        rows = conn.execute(text(f"SELECT * FROM sales WHERE year = {year} AND region = '{region}'"))  # vuln: sql-injection
        return [dict(r._mapping) for r in rows]
