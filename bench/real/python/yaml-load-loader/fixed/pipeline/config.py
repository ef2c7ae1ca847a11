import yaml


def load_pipeline(path):
    with open(path) as fh:
        spec = yaml.safe_load(fh)
    steps = spec.get("steps", [])
    if not isinstance(steps, list):
        raise ValueError("steps must be a list")
    return steps
