import io

import joblib
from fastapi import FastAPI, File, UploadFile

app = FastAPI()
MODELS = {}


@app.post("/models/{name}")
async def upload_model(name: str, file: UploadFile = File(...)):
    raw = await file.read()
    MODELS[name] = joblib.load(io.BytesIO(raw))
    return {"name": name, "size": len(raw)}
