from flask import Blueprint, jsonify, request

api = Blueprint("api", __name__)
JOBS = []


@api.post("/jobs")
def submit_job():
    job = request.get_json(force=True)
    JOBS.append(job)
    return jsonify(id=len(JOBS)), 201
