from .queries import get_user, list_users
