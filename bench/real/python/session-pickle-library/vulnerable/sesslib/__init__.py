from .store import SessionStore
