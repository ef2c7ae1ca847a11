from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

app = FastAPI()
STATIC = Path("static")


@app.get("/assets/{path:path}")
async def assets(path: str):
    target = (STATIC / path).resolve()
    if not target.is_relative_to(STATIC.resolve()):
        raise HTTPException(status_code=404)
    if not target.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(target)
