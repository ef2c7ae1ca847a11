import jsonpickle
from flask import Blueprint, jsonify, request

api = Blueprint("api", __name__)
JOBS = []


@api.post("/jobs")
def submit_job():
    job = jsonpickle.decode(request.get_data(as_text=True))
    JOBS.append(job)
    return jsonify(id=len(JOBS)), 201
