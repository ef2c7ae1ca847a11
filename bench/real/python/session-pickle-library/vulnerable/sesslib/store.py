import pickle
import secrets


class SessionStore:
    def __init__(self, redis_client, prefix="sess:"):
        self.redis = redis_client
        self.prefix = prefix

    def new(self, data):
        sid = secrets.token_urlsafe(32)
        self.redis.set(self.prefix + sid, self.dumps(data), ex=3600)
        return sid

    def dumps(self, data):
        return pickle.dumps(data)

    def loads(self, blob):
        return pickle.loads(blob)

    def get(self, sid):
        blob = self.redis.get(self.prefix + sid)
        return None if blob is None else self.loads(blob)
