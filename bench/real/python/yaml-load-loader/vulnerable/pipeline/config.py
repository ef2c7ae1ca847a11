import yaml


def load_pipeline(path):
    with open(path) as fh:
        spec = yaml.load(fh, Loader=yaml.Loader)
    steps = spec.get("steps", [])
    if not isinstance(steps, list):
        raise ValueError("steps must be a list")
    return steps
