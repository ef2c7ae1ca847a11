# A Flask inference service that takes model and data files from its users: loaders that unpickle what they
# are given (PyTorch, joblib, pandas, NumPy with pickles allowed, cloudpickle), beside the loaders that read
# tensors, arrays and tables only.
import io

import cloudpickle
import joblib
import numpy as np
import pandas as pd
import torch
from flask import Flask, request
from safetensors.torch import load as load_tensors

app = Flask(__name__)


@app.route("/models/torch", methods=["POST"])
def upload_torch_model():
    state = torch.load(io.BytesIO(request.files["model"].read()))  # vuln: deserialization
    return {"keys": len(state)}


@app.route("/models/torch-weights", methods=["POST"])
def upload_torch_weights():
    state = torch.load(io.BytesIO(request.files["model"].read()), weights_only=True)  # safe: deserialization tensors only
    return {"keys": len(state)}


@app.route("/models/safetensors", methods=["POST"])
def upload_safetensors():
    state = load_tensors(request.files["model"].read())  # safe: deserialization tensors only
    return {"keys": len(state)}


@app.route("/models/sklearn", methods=["POST"])
def upload_sklearn_model():
    model = joblib.load(request.files["model"])  # vuln: deserialization
    return {"classes": [str(c) for c in model.classes_]}


@app.route("/frames", methods=["POST"])
def upload_frame():
    frame = pd.read_pickle(request.files["frame"])  # vuln: deserialization
    return {"rows": len(frame)}


@app.route("/frames/csv", methods=["POST"])
def upload_csv_frame():
    frame = pd.read_csv(request.files["frame"])  # safe: deserialization a table parsed
    return {"rows": len(frame)}


@app.route("/arrays", methods=["POST"])
def upload_array():
    arr = np.load(request.files["array"], allow_pickle=True)  # vuln: deserialization
    return {"shape": list(arr.shape)}


@app.route("/arrays/plain", methods=["POST"])
def upload_plain_array():
    arr = np.load(request.files["array"])  # safe: deserialization pickles refused by default
    return {"shape": list(arr.shape)}


@app.route("/jobs", methods=["POST"])
def submit_job():
    job = cloudpickle.loads(request.get_data())  # vuln: deserialization
    return {"result": str(job())}
