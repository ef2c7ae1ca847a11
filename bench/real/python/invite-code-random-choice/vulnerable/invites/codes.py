import random
import string

ALPHABET = string.ascii_uppercase + string.digits


def new_invite_code(length=12):
    return "".join(random.choice(ALPHABET) for _ in range(length))
