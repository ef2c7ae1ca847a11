"""A job runner's on-disk cache and settings, as a library ships them: the caller names the files."""
import json
import os
import pickle
import subprocess

import yaml

CACHE_DIR = os.path.expanduser("~/.cache/jobrunner")


def load_settings(path):
    with open(path) as fh:
        return yaml.load(fh)  # vuln: deserialization


def load_settings_fixed(path):
    with open(path) as fh:
        return yaml.safe_load(fh)  # safe: deserialization safe loader


def load_settings_text(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return yaml.load(text, Loader=yaml.FullLoader)  # vuln: deserialization


def restore(job_id, cache_path):
    with open(cache_path, "rb") as fh:
        state = pickle.load(fh)  # vuln: deserialization
    return state.get(job_id)


def restore_json(cache_path):
    with open(cache_path, "rb") as fh:
        return json.load(fh)  # safe: deserialization plain data


def restore_own():
    with open(os.path.join(CACHE_DIR, "state.pickle"), "rb") as fh:
        return pickle.load(fh)  # safe: deserialization the library's own file


def run_steps(script_path):
    # The file's lines are the caller's script: what it says to run is what the caller asked for.
    with open(script_path) as fh:
        for line in fh:
            subprocess.run(line.split(), check=True)  # safe: command-injection argument vector from the file
