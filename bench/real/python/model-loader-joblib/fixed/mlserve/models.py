import io

import onnxruntime
from fastapi import FastAPI, File, UploadFile

app = FastAPI()
MODELS = {}


@app.post("/models/{name}")
async def upload_model(name: str, file: UploadFile = File(...)):
    raw = await file.read()
    MODELS[name] = onnxruntime.InferenceSession(io.BytesIO(raw).getvalue())
    return {"name": name, "size": len(raw)}
