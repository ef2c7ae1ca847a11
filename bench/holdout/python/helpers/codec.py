import base64
import json
import pickle


def load_state(blob):
    """Decode the client-side state written by the legacy UI."""
    return pickle.loads(base64.urlsafe_b64decode(blob))


def load_state_json(blob):
    return json.loads(base64.urlsafe_b64decode(blob).decode("utf-8"))


def dump_state_json(state):
    return base64.urlsafe_b64encode(json.dumps(state).encode("utf-8")).decode("ascii")
